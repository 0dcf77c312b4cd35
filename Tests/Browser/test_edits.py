"""The page's tracking of typed edits (Clients/web/js/view.js: sentEdit and morph), run in Chromium against a
store whose models and state reads the test hands over one at a time, so each race is played in a fixed order."""

from browser import wait_for

# An input where "abc" was typed and its edit sent at version 1. Once the edit's dispatch is answered, the model of
# an earlier keystroke ("ab", version 2) arrives, then the state read answers version 3, then version 3's model
# (the store's shaped "abc!") arrives. Answers the input's text after each step.
PLAY_STALE_MODEL_AFTER_THE_LAST_EDIT = r"""
const done = arguments[arguments.length - 1];
import('/js/view.js').then(async ({ sentEdit, morph }) => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const built = (text) => {
    const input = document.createElement('input');
    input.type = 'text';
    input.id = 'raced-input';
    input.value = text;
    return input;
  };
  let answerState = null;
  const store = { version: 1, currentVersion: () => new Promise((resolve) => { answerState = resolve; }) };
  const live = built('ab');
  document.body.append(live);
  live.focus();
  live.value = 'abc';
  let answerDispatch = null;
  const dispatched = new Promise((resolve) => { answerDispatch = resolve; });
  let settled = 0;
  sentEdit(live, 'abc', dispatched, { store, whenSettled: () => { settled += 1; } });
  const seen = {};
  answerDispatch(null);
  await tick();
  store.version = 2;
  morph(live, built('ab'));
  seen.staleModelAfterTheDispatch = live.value;
  if (answerState) answerState(3);
  await tick();
  morph(live, built('ab'));
  seen.staleModelAfterTheStateRead = live.value;
  seen.settled = settled;
  store.version = 3;
  morph(live, built('abc!'));
  seen.modelOfTheStateRead = live.value;
  live.remove();
  done(seen);
}, (error) => done({ error: String(error) }));
"""


def test_a_model_of_an_earlier_keystroke_that_arrives_after_the_last_edit_was_answered_does_not_replace_the_text(
    stack, driver
):
    driver.get(stack.page_url("org-demo"))
    wait_for(driver, "#session-identity")
    seen = driver.execute_async_script(PLAY_STALE_MODEL_AFTER_THE_LAST_EDIT)
    assert seen == {
        "staleModelAfterTheDispatch": "abc",
        "staleModelAfterTheStateRead": "abc",
        "settled": 1,
        "modelOfTheStateRead": "abc!",
    }

// JSON Patch (RFC 6902), as the Gateway sends a store's later models (`store.next` with `delta`, `event: patch`):
// applied to the model the page holds, it gives the store's current model. The model held is never changed:
// the containers along each path are copied, the rest is shared. A container is copied once per patch, not once
// per operation: a patch of many operations under one large array (a vault's records) stays linear.

/** The pointer's tokens (RFC 6901); throws for text that is not a JSON Pointer. */
function tokens(pointer) {
  if (pointer === '') return [];
  if (typeof pointer !== 'string' || !pointer.startsWith('/')) throw new Error(`not a JSON Pointer: ${pointer}`);
  return pointer.slice(1).split('/').map((token) => {
    if (/~[^01]|~$/.test(token)) throw new Error(`bad escape in ${pointer}`);
    return token.replace(/~1/g, '/').replace(/~0/g, '~');
  });
}

function index(token, length, appending) {
  if (appending && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`not an array index: ${token}`);
  const position = Number(token);
  if (position > length || (!appending && position === length)) throw new Error(`no array position ${token}`);
  return position;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function valueAt(document, path) {
  let current = document;
  for (const token of path) {
    if (Array.isArray(current)) current = current[index(token, current.length, false)];
    else if (isObject(current) && Object.hasOwn(current, token)) current = current[token];
    else throw new Error(`nothing at /${path.join('/')}`);
  }
  return current;
}

/**
 * `document` with `change(parentCopy, lastToken)` made at `path`, copying the containers on the way; `fresh` holds
 * the copies this patch made already, which change in place.
 */
function changed(document, path, change, whole, fresh) {
  if (path.length === 0) return whole();
  const [token, ...rest] = path;
  let copy = null;
  if (fresh.has(document)) copy = document;
  else if (Array.isArray(document)) copy = document.slice();
  else if (isObject(document)) copy = { ...document };
  if (copy === null) throw new Error(`nothing at ${token}`);
  fresh.add(copy);
  if (rest.length === 0) {
    change(copy, token);
    return copy;
  }
  if (Array.isArray(copy)) {
    const position = index(token, copy.length, false);
    copy[position] = changed(copy[position], rest, change, whole, fresh);
  } else {
    if (!Object.hasOwn(copy, token)) throw new Error(`nothing at ${token}`);
    copy[token] = changed(copy[token], rest, change, whole, fresh);
  }
  return copy;
}

function add(document, path, value, fresh) {
  return changed(document, path, (parent, token) => {
    if (Array.isArray(parent)) parent.splice(index(token, parent.length, true), 0, value);
    else parent[token] = value;
  }, () => value, fresh);
}

function remove(document, path, fresh) {
  return changed(document, path, (parent, token) => {
    if (Array.isArray(parent)) parent.splice(index(token, parent.length, false), 1);
    else if (Object.hasOwn(parent, token)) delete parent[token];
    else throw new Error(`nothing to remove at ${token}`);
  }, () => { throw new Error('the whole document cannot be removed'); }, fresh);
}

function replace(document, path, value, fresh) {
  return changed(document, path, (parent, token) => {
    if (Array.isArray(parent)) parent[index(token, parent.length, false)] = value;
    else if (Object.hasOwn(parent, token)) parent[token] = value;
    else throw new Error(`nothing to replace at ${token}`);
  }, () => value, fresh);
}

function equal(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]));
  }
  return false;
}

/** The document after every operation of `patch`; throws (and the page asks for the whole model) when one fails. */
export function applyPatch(document, patch) {
  let result = document;
  const fresh = new WeakSet();
  for (const operation of patch) {
    const path = tokens(operation.path);
    if (['add', 'replace', 'test'].includes(operation.op) && !Object.hasOwn(operation, 'value')) {
      throw new Error(`${operation.op} without a value`);
    }
    switch (operation.op) {
      case 'add': result = add(result, path, operation.value, fresh); break;
      case 'remove': result = remove(result, path, fresh); break;
      case 'replace': result = replace(result, path, operation.value, fresh); break;
      case 'move': {
        const from = tokens(operation.from);
        const value = valueAt(result, from);
        result = add(remove(result, from, fresh), path, value, fresh);
        break;
      }
      // A copy is a value of its own: a container this patch made, copied by reference, would change in both places.
      case 'copy': result = add(result, path, structuredClone(valueAt(result, tokens(operation.from))), fresh); break;
      case 'test': if (!equal(valueAt(result, path), operation.value)) throw new Error(`test failed at ${operation.path}`); break;
      default: throw new Error(`unknown op ${operation.op}`);
    }
  }
  return result;
}

#!/usr/bin/env bash
# Writes the NATS users of the stack into DIR (docs/operations.md "Bus credentials"):
#   DIR/<user>.password  one random password per process (kept if already there; mode 600)
#   DIR/auth.conf        nats-server's `authorization` block: each user with its subject permissions
# Users: gateway, auth, inquiry, vault, documents, and test (full rights, for test and bench processes only).
#   scripts/nats-users.sh DIR            -> writes both
#   scripts/nats-users.sh DIR --no-test  -> leaves the test user out of auth.conf (real hosts)
set -euo pipefail

dir=${1:?usage: nats-users.sh DIR [--no-test]}
with_test=1
[ "${2:-}" = --no-test ] && with_test=0
mkdir -p "$dir"
chmod 700 "$dir"

users=(gateway auth inquiry vault documents)
[ "$with_test" = 1 ] && users+=(test)

for user in "${users[@]}"; do
    if [ ! -s "$dir/$user.password" ]; then
        (umask 077 && head -c 24 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' >"$dir/$user.password")
    fi
done

# A quoted, comma-separated subject list.
list() {
    local out="" subject
    for subject in "$@"; do out+="${out:+, }\"$subject\""; done
    echo "[$out]"
}

# user NAME "PUBLISH..." "SUBSCRIBE..." ANSWERS: one entry of the users list. ANSWERS true lets the user publish
# to the reply subject of a request it received (allow_responses), which every service needs and the Gateway not.
user() {
    local name=$1 publish=$2 subscribe=$3 answers=$4
    local password
    password=$(cat "$dir/$name.password")
    # shellcheck disable=SC2086
    echo "    {user: \"$name\", password: \"$password\", permissions: {"
    # shellcheck disable=SC2086
    echo "        publish: {allow: $(list $publish)}"
    # shellcheck disable=SC2086
    echo "        subscribe: {allow: $(list $subscribe)}"
    [ "$answers" = true ] && echo "        allow_responses: true"
    echo "    }}"
}

services="auth inquiry vault documents"
gateway_publish=""
for service in $services; do gateway_publish+=" folio.$service.rpc folio.$service.store.>"; done
shutdown=folio.events.runtime.shutdown

{
    echo "# Written by scripts/nats-users.sh: one user per process, each with the subjects it serves and calls."
    echo "authorization {"
    echo "  users = ["
    # The Gateway: the public methods, store.adopt and the stores of every service; its replies; shutdowns.
    user gateway "$gateway_publish" "_INBOX.gateway.> $shutdown" false
    user auth "folio.auth.store.> folio.events.runtime.> folio.events.session.*" \
        "folio.auth.rpc folio.auth.store.> $shutdown folio.events.runtime.locale folio.events.session.* _INBOX.auth.>" true
    # runtime.setLocale at the AuthService, and the vault's internal methods for the identity save.
    user inquiry "folio.inquiry.store.> folio.auth.rpc folio.vault.internal folio.events.issuance.*" \
        "folio.inquiry.rpc folio.inquiry.store.> $shutdown _INBOX.inquiry.>" true
    user vault "folio.vault.store.> folio.events.vault.* folio.events.vaultsynced.*" \
        "folio.vault.rpc folio.vault.internal folio.vault.store.> $shutdown folio.events.runtime.foreground folio.events.session.* folio.events.vault.* _INBOX.vault.>" true
    # The stores, the vault's internal methods, reception passes handed between processes, and their progress.
    user documents "folio.documents.> folio.vault.internal folio.vault.rpc folio.events.reception.*" \
        "folio.documents.> $shutdown folio.events.runtime.locale folio.events.session.* folio.events.vault.* folio.events.vaultsynced.* folio.events.issuance.* folio.events.reception.* _INBOX.documents.>" true
    # The test user publishes everywhere, so it answers without allow_responses. With it, nats-server before 2.11
    # would keep each request the user receives for two minutes and walk them all at every delivery.
    [ "$with_test" = 1 ] && user test ">" ">" false
    echo "  ]"
    echo "}"
} >"$dir/auth.conf.new"
chmod 600 "$dir/auth.conf.new"
mv "$dir/auth.conf.new" "$dir/auth.conf"

#!/usr/bin/env bash
# Makes a private certificate authority and a nats-server certificate for 127.0.0.1 and localhost in DIR
# (ca.pem, server.pem, server-key.pem), for tests and trials of TLS at the bus (docs/operations.md "TLS at
# the bus"). Real hosts use certificates from their own authority.
#   scripts/nats-tls.sh DIR [HOSTNAME...]
set -euo pipefail
dir=${1:?usage: nats-tls.sh DIR [HOSTNAME...]}
shift
names=(localhost "$@")
mkdir -p "$dir"
cd "$dir"
san="IP:127.0.0.1"
for name in "${names[@]}"; do san+=",DNS:$name"; done
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Folio test bus CA" \
    -keyout ca-key.pem -out ca.pem 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=nats" -keyout server-key.pem -out server.csr 2>/dev/null
printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$san" >server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 \
    -extfile server.ext -out server.pem 2>/dev/null
rm -f server.csr server.ext ca.srl
chmod 600 ca-key.pem server-key.pem

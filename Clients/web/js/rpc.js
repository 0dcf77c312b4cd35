// JSON-RPC 2.0 over POST /rpc, with the runtime's bearer token (docs/wire-api.md).

let token = null;
let nextId = 1;

/** The error of a JSON-RPC call: `code`, `message` and `data` as the Gateway answered them. */
export class RpcError extends Error {
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.data = error.data ?? null;
  }
}

export function setToken(value) {
  token = value;
}

export function currentToken() {
  return token;
}

/** Calls `method` with `params`; answers the result or throws an RpcError. `keepalive` lets the call outlive
 * the page (the runtime's shutdown when the tab goes away). */
export async function call(method, params = undefined, { keepalive = false } = {}) {
  const body = { jsonrpc: '2.0', id: nextId++, method };
  if (params !== undefined) body.params = params;
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch('/rpc', { method: 'POST', headers, body: JSON.stringify(body), keepalive });
  const answer = await response.json();
  if (answer.error) throw new RpcError(answer.error);
  return answer.result;
}

/** Posts one camera preview frame (the Y plane) to an InquiryStore through the Gateway's binary path. */
export async function postFrame(storeId, width, height, bytes) {
  const query = new URLSearchParams({ storeId, width: String(width), height: String(height) });
  const response = await fetch(`/frames?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
    body: bytes,
  });
  const answer = await response.json();
  if (answer.error) throw new RpcError(answer.error);
  return answer.result;
}

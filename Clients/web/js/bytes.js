// Bytes as text: standard base64 for JSON-RPC (in chunks, so big photos do not overflow the stack) and base64url
// without padding for WebAuthn.

export function toBase64(bytes) {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += 0x8000) {
    binary += String.fromCharCode.apply(null, view.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** base64url (no padding) to the bytes' ArrayBuffer, for WebAuthn. */
export function fromBase64Url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  return fromBase64(base64).buffer;
}

/** Bytes (an ArrayBuffer or Uint8Array) to base64url without padding, for WebAuthn. */
export function toBase64Url(bytes) {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

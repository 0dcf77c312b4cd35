// Bytes for JSON-RPC: standard base64 to and from Uint8Array, in chunks so big photos do not overflow the stack.

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

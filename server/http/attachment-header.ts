/** `attachment` with the name in ASCII and in full (RFC 5987): every download the API streams. */
export function attachmentHeader(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Gzip-compressed bytes to text with the platform's own `DecompressionStream` (browsers and Electron have it), so
 * no decompression library ships in the bundle. Used for the module sources a package publishes in
 * `0x1::code::PackageRegistry`, which the Aptos CLI stores gzip-compressed.
 */

/** The UTF-8 text of gzip-compressed `bytes`; rejects on bytes that are not gzip. */
export async function gunzipText(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

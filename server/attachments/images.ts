/**
 * Files of image fields (kind `image`): only raster images a browser shows, recognised by their
 * first bytes, never by the name or the type the client claims. SVG is not among them: it can
 * carry scripts.
 */

const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of a file's content, or null when it is not a PNG, JPEG, GIF or WebP image. */
export function imageType(content: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(content))?.mime ?? null;
}

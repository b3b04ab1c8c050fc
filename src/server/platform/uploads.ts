import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { badRequest } from './errors';

const AVATAR_SIZE = 256;

/** Magic numbers of the formats we accept; the file name and declared type are not trusted. */
function sniff(buf: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export class Uploads {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * Re-encodes an image to a square WebP (metadata such as EXIF is dropped by sharp unless
   * asked to keep it) and returns its public path.
   */
  async saveSquareImage(buf: Buffer, field = 'image'): Promise<string> {
    const format = sniff(buf);
    if (!format)
      throw badRequest(`${field} must be a PNG, JPEG, WebP or GIF image`, [
        { field, rule: 'format' },
      ]);
    // Loaded on the first picture, not at start: libvips is ~12 MB of an idle server's memory.
    const { default: sharp } = await import('sharp');
    let out: Buffer;
    try {
      out = await sharp(buf, { animated: false, limitInputPixels: 50_000_000 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw badRequest(`${field} could not be read as an image`, [{ field, rule: 'unreadable' }]);
    }
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await writeFile(path.join(this.dir, name), out);
    return `/uploads/${name}`;
  }

  /** Deletes an upload of ours given its public path; anything else (an https URL) is left alone. */
  async remove(publicPath: string): Promise<void> {
    const match = /^\/uploads\/([a-f0-9]{32}\.webp)$/.exec(publicPath);
    if (match?.[1]) await rm(path.join(this.dir, match[1]), { force: true });
  }
}

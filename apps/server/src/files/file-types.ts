import { fileTypeFromBuffer } from 'file-type';

/**
 * What kind of file an upload is, by its content, never by its name or the type its sender
 * claims (SPEC §11): the type Keel stores and serves it as, or why it is refused.
 *
 * - A format recognised by its bytes (file-type's signatures) is kept if it is a picture, a
 *   video, a sound, a PDF, an archive or an office document; anything else recognised (programs,
 *   disk images, fonts, WebAssembly) is refused.
 * - Bytes with no signature are text when they are valid UTF-8 without NULs: served as plain
 *   text whatever they hold (HTML, SVG and scripts are shown, never run). Otherwise they are
 *   unknown binary (`application/octet-stream`), downloaded only.
 * - A file claimed to be a format that has a signature (an image, a PDF…) whose bytes lack it is
 *   disguised and refused: HTML named `cat.png` is not let through as an image.
 */
export type FileKind =
  { ok: true; contentType: string; inline: boolean } | { ok: false; reason: string };

const ALLOWED: readonly (string | RegExp)[] = [
  /^image\/(png|jpeg|gif|webp|avif|bmp|heic|heif|tiff|x-icon|vnd\.microsoft\.icon)$/,
  /^video\//,
  /^audio\//,
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-bzip2',
  'application/x-xz',
  'application/x-7z-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
  /^application\/vnd\.openxmlformats-officedocument\./,
  /^application\/vnd\.oasis\.opendocument\./,
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/x-cfb',
];

/** Pictures a browser shows in an `<img>`: served inline; everything else as a download. */
const INLINE = /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

/** Claimed types whose files always carry a signature: a file claiming one must have it. */
const SIGNED_CLAIM =
  /^(image\/(?!svg)|video\/|audio\/|application\/(pdf|zip|gzip|x-7z-compressed|vnd\.rar|x-tar))/;

const TEXT = 'text/plain; charset=utf-8';

/** Whether a stored file is served to show in the page (a picture) rather than to download. */
export const servedInline = (contentType: string): boolean => INLINE.test(contentType);

export async function fileKind(bytes: Uint8Array, claimed: string): Promise<FileKind> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const allowed = ALLOWED.some((a) =>
      typeof a === 'string' ? a === found.mime : a.test(found.mime),
    );
    return allowed
      ? { ok: true, contentType: found.mime, inline: servedInline(found.mime) }
      : { ok: false, reason: `${found.mime} files cannot be attached` };
  }
  const claim = claimed.split(';')[0]!.trim().toLowerCase();
  if (SIGNED_CLAIM.test(claim))
    return { ok: false, reason: `The file is not the ${claim} it claims to be` };
  return isText(bytes)
    ? { ok: true, contentType: TEXT, inline: false }
    : { ok: true, contentType: 'application/octet-stream', inline: false };
}

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

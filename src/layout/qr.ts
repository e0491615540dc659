import QRCode from 'qrcode';

/**
 * A text as a QR code in a data: URL (SVG, so no canvas is needed): the 2FA setup's otpauth URI, a
 * payment request's payment URI. Imported by the pages that show one (a lazy chunk), not by the shell.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

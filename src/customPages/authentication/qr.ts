import QRCode from 'qrcode';

/** The otpauth URI as a QR code in a data: URL (SVG, so no canvas is needed). */
export async function qrCodeDataUrl(otpauthUri: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

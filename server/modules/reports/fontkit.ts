/**
 * The font engine pdf-lib embeds fonts with: fontkit (the maintained one), in the shape pdf-lib's
 * registerFontkit expects. pdf-lib's own fork (@pdf-lib/fontkit 1.1) writes broken subsets of Noto
 * Sans (a short `loca` table without padding: most glyphs blank in poppler, Acrobat and evince, while
 * the text still extracts), fixed in fontkit since 1.8. fontkit 2 encodes a subset in one call
 * (`encode()`) where pdf-lib reads a stream (`encodeStream()`): the adapter gives it one.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

interface Subset {
  encode(): Uint8Array;
}
interface UpstreamFont {
  createSubset(): Subset;
}
interface Upstream {
  create(data: Uint8Array, postscriptName?: string): UpstreamFont;
}

const upstream = createRequire(import.meta.url)('fontkit') as Upstream;

export const fontkit: Fontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    const font = upstream.create(data, postscriptName);
    return new Proxy(font, {
      get(target, key, receiver) {
        if (key !== 'createSubset') return Reflect.get(target, key, receiver) as unknown;
        return () => {
          const subset = target.createSubset();
          return new Proxy(subset, {
            get(inner, name, r) {
              if (name === 'encodeStream') return () => Readable.from([subset.encode()]);
              const value = Reflect.get(inner, name, r) as unknown;
              return typeof value === 'function' ? value.bind(inner) : value;
            },
          });
        };
      },
    }) as unknown as ReturnType<Fontkit['create']>;
  },
};

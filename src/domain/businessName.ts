/**
 * When two business names are the same name: they compare by a key (`businessNameKey`), not by their
 * letters, so that names that only look different are one name ('Northwind  Coffee' with two spaces,
 * 'ＮＯＲＴＨＷＩＮＤ' in full-width letters, 'Nоrthwind' with a Cyrillic 'о'). The key is
 *
 * 1. NFKC (compatibility forms: full-width and other presentation forms become the plain letters),
 * 2. case-folded (upper then lower case, so 'ß' and 'SS' are one),
 * 3. whitespace collapsed to single spaces and trimmed,
 * 4. the confusable skeleton of Unicode Technical Standard #39 (NFD, each character mapped by the
 *    Unicode confusables table — the `unhomoglyph` package — NFD again), lower-cased once more.
 *
 * The key is for comparing only, never for showing (the skeleton of 'm' is 'rn'). The server stores it
 * beside the name (businesses.name_key, unique per organisation and visibility).
 */
import unhomoglyph from 'unhomoglyph';

const fold = (text: string) => text.toUpperCase().toLowerCase();

export function businessNameKey(name: string): string {
  const plain = fold(name.normalize('NFKC')).replace(/\s+/gu, ' ').trim();
  const skeleton = unhomoglyph(plain.normalize('NFD')).normalize('NFD');
  return fold(skeleton).replace(/\s+/gu, ' ').trim();
}

import { createContext, useContext, type ReactNode } from 'react';
import type { LoadedBrand } from './loadBrand';

const BrandContext = createContext<LoadedBrand | null>(null);

export function BrandProvider({ brand, children }: { brand: LoadedBrand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** The deployment's brand; only valid below <BrandProvider> (main.tsx renders it around everything). */
export function useBrand(): LoadedBrand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() must be used inside <BrandProvider>');
  return brand;
}

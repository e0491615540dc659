/**
 * The search box of a list page (its `q` filter, in the URL like every filter), for the page's toolbar
 * slot: `<Page toolbar={<ListSearch label="resources.users.search" />}>`. The placeholder is also the
 * field's accessible name.
 */
import { FilterForm, SearchInput, useTranslate } from 'react-admin';

export function ListSearch({ label }: { /** Catalogue key of the placeholder. */ label: string }) {
  const translate = useTranslate();
  const text = translate(label);
  return (
    <FilterForm
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={text} inputProps={{ 'aria-label': text }} />,
      ]}
    />
  );
}

import type { RegistrationsView } from './registrations-view';

/* The toolbar's category and status menus, as changes of the view (registrations-view.ts). */

/** The two facets of the toolbar's menus: each value can be chosen, excluded, or neither. */
export type Facet = 'categories' | 'statuses';
export type FacetChoice = 'any' | 'include' | 'exclude';
const EXCLUDED_OF = { categories: 'excludedCategories', statuses: 'excludedStatuses' } as const;

/** Whether a value of a facet is chosen, excluded or neither (an exclusion wins, as in the filter). */
export function facetChoice(view: RegistrationsView, facet: Facet, value: string): FacetChoice {
  if (view[EXCLUDED_OF[facet]].includes(value)) return 'exclude';
  return view[facet].includes(value) ? 'include' : 'any';
}

/** The view with one value of a facet chosen, excluded or neither: never both at once. */
export function chooseFacetValue(
  view: RegistrationsView,
  facet: Facet,
  value: string,
  choice: FacetChoice,
): RegistrationsView {
  const excludedKey = EXCLUDED_OF[facet];
  const included = view[facet].filter((item) => item !== value);
  const excluded = view[excludedKey].filter((item) => item !== value);
  if (choice === 'include') included.push(value);
  if (choice === 'exclude') excluded.push(value);
  return { ...view, [facet]: included, [excludedKey]: excluded };
}

/** The view with every choice and exclusion of one facet cleared. */
export function clearFacet(view: RegistrationsView, facet: Facet): RegistrationsView {
  return { ...view, [facet]: [], [EXCLUDED_OF[facet]]: [] };
}

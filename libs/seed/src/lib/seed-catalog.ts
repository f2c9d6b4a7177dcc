import type { SeedIds } from './seed-ids';
import {
  DELIVERY_PLACES,
  FORMS,
  MAIN_MISSION_NAMES,
  NEIGHBOURHOODS,
  PRODUCT_ROOT,
  PRODUCT_TREE,
  STORE_BANNERS,
  SUBCATEGORIES,
} from './seed-vocabulary';

export const FLAG_BITS = { hasPos: 1, hasForms: 2, checkInCheckOut: 4, hasDeliveryPlaces: 8 } as const;
export const FLAG_COMBINATIONS = 16;

export interface SeedSubcategory {
  id: string;
  name: string;
  checkInCheckOut: boolean;
  requiresForm: boolean;
}

export interface SeedMainMission {
  id: string;
  subcategoryId: string;
  name: string;
  hasPos: boolean;
  hasForms: boolean;
  checkInCheckOut: boolean;
  hasDeliveryPlaces: boolean;
  /** the subcategory's switches, which the demand rules read */
  requiresForm: boolean;
}

export interface SeedStorePlan {
  name: string;
  address: string;
  isWorkforce: boolean;
}

export interface SeedQuestion {
  id: string;
  position: number;
  question: string;
  kind: 'yesno' | 'count' | 'price' | 'text';
}

export interface SeedFormPlan {
  uuid: string;
  kind: 'FORM' | 'PDV';
  name: string;
  questions: SeedQuestion[];
}

export interface SeedImportProduct {
  id: string;
  parentId: string | null;
  name: string;
}

export interface SeedDeliveryPlace {
  id: string;
  name: string;
  address: string;
}

/** The reference data of one batch, before the database has numbered its stores and forms. */
export interface SeedCatalogPlan {
  subcategories: SeedSubcategory[];
  /** indexed by the flag bits of FLAG_BITS */
  mainMissions: SeedMainMission[];
  stores: SeedStorePlan[];
  forms: SeedFormPlan[];
  /** parents before children */
  importProducts: SeedImportProduct[];
  /** the leaves of importProducts */
  products: SeedImportProduct[];
  deliveryPlaces: SeedDeliveryPlace[];
}

/** The catalog as stored: stores and forms carry the integer ids the database gave them. */
export interface SeedCatalog extends Omit<SeedCatalogPlan, 'stores' | 'forms'> {
  stores: (SeedStorePlan & { id: number })[];
  forms: (SeedFormPlan & { id: number })[];
}

function subcategoryFor(bits: number): keyof typeof SUBCATEGORIES {
  if (bits & FLAG_BITS.checkInCheckOut) return bits & FLAG_BITS.hasForms ? 'promoters' : 'replenishment';
  return bits & FLAG_BITS.hasDeliveryPlaces ? 'logistics' : 'research';
}

/**
 * The same catalog for every seed; only its ids are the batch's. A main mission with
 * check_in_check_out sits in a subcategory with check_in_check_out, and a subcategory that requires
 * a form only holds missions that have forms, so every generated demand passes the demand rules.
 */
export function planSeedCatalog(ids: SeedIds): SeedCatalogPlan {
  const subcategoryIds = new Map<keyof typeof SUBCATEGORIES, string>();
  const subcategories = (Object.keys(SUBCATEGORIES) as (keyof typeof SUBCATEGORIES)[]).map((key) => {
    const id = ids.uuid();
    subcategoryIds.set(key, id);
    return { id, ...SUBCATEGORIES[key] };
  });

  const mainMissions = MAIN_MISSION_NAMES.map((name, bits): SeedMainMission => {
    const subcategory = subcategoryFor(bits);
    return {
      id: ids.uuid(),
      subcategoryId: subcategoryIds.get(subcategory) as string,
      name,
      hasPos: (bits & FLAG_BITS.hasPos) !== 0,
      hasForms: (bits & FLAG_BITS.hasForms) !== 0,
      checkInCheckOut: (bits & FLAG_BITS.checkInCheckOut) !== 0,
      hasDeliveryPlaces: (bits & FLAG_BITS.hasDeliveryPlaces) !== 0,
      requiresForm: SUBCATEGORIES[subcategory].requiresForm,
    };
  });

  // Two stores in three take workforce demands; the rest only field work.
  const stores = STORE_BANNERS.flatMap((banner, b) =>
    NEIGHBOURHOODS.map(([neighbourhood, street], n) => ({
      name: `${banner} – ${neighbourhood}`,
      address: `${street} – ${neighbourhood}, São Paulo, SP`,
      isWorkforce: (b + n) % 3 !== 2,
    })),
  );

  const forms = FORMS.map((form) => ({
    uuid: ids.uuid(),
    kind: form.kind,
    name: form.name,
    questions: form.questions.map(([question, kind], index) => ({ id: ids.uuid(), position: index + 1, question, kind })),
  }));

  const importProducts: SeedImportProduct[] = [];
  const products: SeedImportProduct[] = [];
  const node = (name: string, parentId: string | null, leaf = false) => {
    const row = { id: ids.uuid(), parentId, name };
    importProducts.push(row);
    if (leaf) products.push(row);
    return row.id;
  };
  const root = node(PRODUCT_ROOT, null);
  for (const [category, subcategoriesOf] of Object.entries(PRODUCT_TREE)) {
    const categoryId = node(category, root);
    for (const [subcategory, entries] of Object.entries(subcategoriesOf)) {
      const subcategoryId = node(subcategory, categoryId);
      for (const entry of entries) {
        if (typeof entry === 'string') {
          node(entry, subcategoryId, true);
        } else {
          const [brand, brandProducts] = entry;
          const brandId = node(brand, subcategoryId);
          for (const product of brandProducts) node(product, brandId, true);
        }
      }
    }
  }

  const deliveryPlaces = DELIVERY_PLACES.map(([name, address]) => ({ id: ids.uuid(), name, address }));

  return { subcategories, mainMissions, stores, forms, importProducts, products, deliveryPlaces };
}

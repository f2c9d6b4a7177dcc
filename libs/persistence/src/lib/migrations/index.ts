import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { ReportIndexes1763800000000 } from './1763800000000-report-indexes';
import { TenantConsistentReferences1763900000000 } from './1763900000000-tenant-consistent-references';
import { SearchPaths1764000000000 } from './1764000000000-search-paths';
import { UniqueAnswerPositions1764100000000 } from './1764100000000-unique-answer-positions';
import { ListingRowsAndCounts1764200000000 } from './1764200000000-listing-rows-and-counts';
import { DeferrableListingRows1764300000000 } from './1764300000000-deferrable-listing-rows';
import { ImpliedForeignKeys1764400000000 } from './1764400000000-implied-foreign-keys';
import { AccountScopedKeys1764500000000 } from './1764500000000-account-scoped-keys';
import { ParticipantExpiryIndex1764510000000 } from './1764510000000-participant-expiry-index';
import { CheckInCheckOutFromSubcategory1764520000000 } from './1764520000000-check-in-check-out-from-subcategory';
import { OutboxAndWebhooks1764600000000 } from './1764600000000-outbox-and-webhooks';
import { DistributableKeys1764700000000 } from './1764700000000-distributable-keys';

/** In the order they run; a new migration is appended, never inserted. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  ReportIndexes1763800000000,
  TenantConsistentReferences1763900000000,
  SearchPaths1764000000000,
  UniqueAnswerPositions1764100000000,
  ListingRowsAndCounts1764200000000,
  DeferrableListingRows1764300000000,
  ImpliedForeignKeys1764400000000,
  AccountScopedKeys1764500000000,
  ParticipantExpiryIndex1764510000000,
  CheckInCheckOutFromSubcategory1764520000000,
  OutboxAndWebhooks1764600000000,
  DistributableKeys1764700000000,
];

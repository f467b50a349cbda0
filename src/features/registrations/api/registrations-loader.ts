/** The paged registrations loader: the one import the React hook needs. */
export { loadRegistrations, retryMissing, DEFAULT_CONCURRENCY, DEFAULT_PER_PAGE } from './load-registrations';
export { loadChanges, mergeChanges, type LoadChangesOptions, type MergedChanges } from './load-changes';
export type {
  FetchPage,
  LoadRegistrationsOptions,
  LoadRequest,
  LoaderRunOptions,
  LoadResumePoint,
  LoadStatus,
  LoadWarning,
  PaginationInfo,
  RegistrationsLoadProgress,
  RegistrationsLoadResult,
  Sleep,
} from './load-types';

/**
 * The portal kit: the pieces every back-office screen is built from (server-paged lists, details, confirmations,
 * toasts, copy). docs/portal-kit.md shows how they fit together.
 */

export { EmptyState } from '../EmptyState.tsx';
export { notifyError, notifyInfo, notifySuccess, TOAST_MS } from '../notify.ts';
export { PasswordInput, passwordToggleLabel } from '../PasswordInput.tsx';
export { LoadError, PageLoader } from '../QueryState.tsx';
export { ActionsMenu, type ActionsMenuEntry, type ActionsMenuProps } from './ActionsMenu.tsx';
export { AUDIT_HISTORY_TEXTS, AuditHistory } from './AuditHistory.tsx';
export {
  CATEGORY_PICKER_TEXTS,
  type CategoryOption,
  type CategoryRow,
  CategoryTagPicker,
  type CategoryTagPickerProps,
  emptyCategoryRow,
  idsFromRows,
  offeredTags,
  rowsFromIds,
} from './CategoryTagPicker.tsx';
export { type ChoiceOption, ChoiceSelect } from './ChoiceSelect.tsx';
export {
  CONFIRMATIONS,
  ConfirmAction,
  type ConfirmActionProps,
  ConfirmDialog,
  confirmLabels,
} from './ConfirmAction.tsx';
export { CopyButton, copyMessages } from './CopyButton.tsx';
export {
  type CappedNotice,
  DataList,
  type DataListColumn,
  type DataListProps,
  DEFAULT_CAPPED_NOTICE,
  type ListPage,
} from './DataList.tsx';
export { DateFilter, type DateFilterProps } from './DateFilter.tsx';
export { type DetailItem, DetailList, isEmptyValue, NOT_AVAILABLE } from './DetailList.tsx';
export { DetailSection, DetailsPage, QueryPage } from './DetailsPage.tsx';
export { fileNameFromDisposition, saveFile } from './download.ts';
export { FormPage, type FormPageProps, useFormFields } from './FormPage.tsx';
export { FILTER_DATE_MAX, FILTER_DATE_MIN, filterDate, INVALID_DATE_MESSAGE } from './filterDate.ts';
export {
  DateField,
  FailureBanner,
  LateMaskedInput,
  MASKS,
  MaskedTextInput,
  MoneyInput,
  moneyToCents,
  NumberTextInput,
  PercentInput,
  valibotResolver,
} from './form.tsx';
export {
  IMAGE_UPLOAD_TEXTS,
  ImageUpload,
  type ImageUploadProps,
  MAX_IMAGE_UPLOAD_BYTES,
  readPngUpload,
} from './ImageUpload.tsx';
export {
  InfiniteList,
  type InfiniteListProps,
  NEAR_END_PX,
  nextPageParam,
  useNearEnd,
} from './InfiniteList.tsx';
export {
  type GroupedProduct,
  groupProducts,
  INSTALMENT_TABLE_TEXTS,
  InstalmentTable,
  type InstalmentTableProps,
  instalmentPaymentStatus,
} from './InstalmentTable.tsx';
export {
  ListEntryForm,
  type ListEntryFormProps,
  type ReasonState,
  useReason,
  VALUES_HINT,
} from './ListEntryForm.tsx';
export {
  ListHeader,
  type ListHeaderProps,
  linkColumn,
  WholeList,
  type WholeListProps,
} from './ListParts.tsx';
export {
  DEFAULT_PAGE_SIZE,
  type ListQuery,
  type ListQueryState,
  MAX_PAGE_SIZE,
  nextListQuery,
  readListQuery,
  useListQuery,
} from './listQuery.ts';
export { PagedList, type PagedListProps } from './PagedList.tsx';
export { Pagination } from './Pagination.tsx';
export {
  ResponsiveTable,
  type ResponsiveTableProps,
  type RowLook,
  type TableColumn,
} from './ResponsiveTable.tsx';
export { SearchBox, type SearchBoxProps, SearchForm, useUrlDraft } from './SearchBox.tsx';
export { SearchSelect, type SearchSelectProps } from './SearchSelect.tsx';
export { SectionCard } from './SectionCard.tsx';
export { STATUS_LABELS, StatusBadge, type StatusKind, statusColor, statusLabel } from './StatusBadge.tsx';

/**
 * The paged lists with the typed builder live in api/paged.ts (the masters use them too); the
 * documents' imports of them from here stay valid.
 */
export { askedPage, col, dueCondition, listOrder, pageOrder, pageSlice, searchCondition, type ListColumns } from '../../paged.ts'

import { IconLink } from './button'
import { EyeIcon, PencilIcon, TrashIcon } from './icons'

/**
 * The Opsi cell: edit, delete and detail as links to the row's dialog routes, carrying the list's
 * parameters (search) so closing a dialog returns to the same page of the same search.
 */
export function RowActions({
  id,
  search,
  edit = true,
  remove = true,
  detail = false,
}: {
  id: number
  search: string
  edit?: boolean
  remove?: boolean
  detail?: boolean
}) {
  return (
    <div className="flex items-center gap-1">
      {detail ? (
        <IconLink to={`${id}${search}`} label="Detail" tone="slate" preventScrollReset>
          <EyeIcon />
        </IconLink>
      ) : null}
      {edit ? (
        <IconLink to={`${id}/edit${search}`} label="Edit" tone="blue" preventScrollReset>
          <PencilIcon />
        </IconLink>
      ) : null}
      {remove ? (
        <IconLink to={`${id}/hapus${search}`} label="Hapus" tone="red" preventScrollReset>
          <TrashIcon />
        </IconLink>
      ) : null}
    </div>
  )
}

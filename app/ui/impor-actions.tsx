import { buttonClass, LinkButton } from './button'

/**
 * The list's buttons of a master's import from Excel: 'Unduh template' (the .xlsx with its choice
 * lists, a plain download) and 'Impor' (the upload form). The loader gives the links only when the
 * user has Create on the master and the upstream the extension 'impor'.
 */
export function ImporActions({ impor }: { impor: { upload: string; template: string } | null | undefined }) {
  if (!impor) return null
  return (
    <>
      <a href={impor.template} download className={buttonClass('secondary')}>
        Unduh template
      </a>
      <LinkButton to={impor.upload}>Impor</LinkButton>
    </>
  )
}

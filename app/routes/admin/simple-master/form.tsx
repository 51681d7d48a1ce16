import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SIMPLE_MASTERS, simpleMasterSchema, simpleMasterTexts } from '~/lib/simple-master'
import { simpleFormAction, simpleFormLoader } from '~/server/simple-master.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, TextField } from '~/ui/fields'

/** …/tambah and …/:id/edit of every simple master screen (one name field). */
export const loader = ({ request, params }: LoaderFunctionArgs) => simpleFormLoader(request, params.id)
// Grant check: simpleFormAction calls requireScreen with the create (new) or update (edit) permission
// (app/server/simple-master.server.ts); a refused user gets 403 and nothing is sent upstream.
export const action = ({ request, params }: ActionFunctionArgs) => simpleFormAction(request, params.id)

export default function SimpleMasterForm() {
  const { key, record, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const m = SIMPLE_MASTERS[key]
  const texts = simpleMasterTexts(m)
  const schema = simpleMasterSchema(m)
  const [form, fields] = useForm({
    id: `${key}-${record?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: { [m.nameKey]: draft?.fields[m.nameKey] ?? record?.nama ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={record ? texts.edit : texts.add} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields[m.nameKey]} label={m.nameLabel} required inputProps={{ autoFocus: true, maxLength: 255 }} />
        <DialogButtons closeTo={closeTo} editing={!!record} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary

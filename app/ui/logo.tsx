/** The company logo (public/logo.svg) with its name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold text-slate-900 ${className}`}>
      <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
      <span>Armada Logistik</span>
    </span>
  )
}

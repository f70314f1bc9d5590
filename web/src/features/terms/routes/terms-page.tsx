import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from '../components/terms-content';

export default function TermsPage() {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Terms of Service & Privacy
          </h1>
          <p className="mt-3 text-slate-600">Last updated: {TERMS_LAST_UPDATED}</p>
        </header>

        <div className="mt-10 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12">
          <nav aria-labelledby="terms-toc-heading" className="mb-10 lg:mb-0">
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24">
              <h2 id="terms-toc-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
                Contents
              </h2>
              <ol className="mt-4 space-y-2 text-sm">
                {TERMS_SECTIONS.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="text-slate-700 underline-offset-2 hover:text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>

          <div className="space-y-6">
            {TERMS_SECTIONS.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
              >
                <h2 id={`${section.id}-heading`} className="text-2xl font-semibold text-slate-900">
                  {section.title}
                </h2>
                <div className="mt-4 space-y-4 leading-relaxed text-slate-700">{section.body}</div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

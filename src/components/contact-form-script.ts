/**
 * The contact form sent in place, without React: the page ships no client runtime
 * (src/site/page-scripts.ts), and the form already works as a plain POST the server answers with
 * the whole page, its result in it (`ContactForm`). With JavaScript, this posts the same form with
 * `fetch`, takes the form's answer out of the returned page (the element with the form's id: the
 * form again, with its field errors, or the confirmation) and puts it in place of the form. The
 * server renders every answer; this only moves it. If anything goes wrong, the form is posted
 * the plain way.
 *
 * It runs as an inline script inside the form, made from this function's source
 * (`CONTACT_FORM_SCRIPT`): so it refers to nothing outside itself.
 */
export function enhanceContactForm(form: HTMLFormElement | null): void {
  if (!form || typeof fetch !== 'function' || typeof DOMParser !== 'function') return
  form.addEventListener('submit', (event) => {
    // With Next's runtime on the page (an editor's draft preview), React sends the form itself.
    if ((window as unknown as { __next_f?: unknown }).__next_f !== undefined) return
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (button) {
      button.disabled = true
      if (button.dataset.sending) button.textContent = button.dataset.sending
    }
    fetch(form.action, {
      method: 'POST',
      body: new FormData(form),
      credentials: 'same-origin',
      headers: { Accept: 'text/html' },
    })
      .then((response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`)
        return response.text()
      })
      .then((html) => {
        const answer = new DOMParser().parseFromString(html, 'text/html').getElementById(form.id)
        if (!answer) throw new Error('no answer in the page')
        const shown = document.importNode(answer, true)
        form.replaceWith(shown)
        // Scripts parsed from a response don't run: the new form is enhanced from here.
        if (shown instanceof HTMLFormElement) {
          enhanceContactForm(shown)
          const focus =
            shown.querySelector<HTMLElement>('[aria-invalid="true"]') ??
            shown.querySelector<HTMLElement>('button[type="submit"]')
          focus?.focus()
        }
      })
      .catch(() => form.submit())
  })
}

/** The inline script, placed as the form's last child: it enhances the form it sits in. */
export const CONTACT_FORM_SCRIPT = `(${enhanceContactForm.toString()})(document.currentScript && document.currentScript.closest('form'))`

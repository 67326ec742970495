/**
 * The contact form sent in place, without React: the page ships no client runtime
 * (src/site/page-scripts.ts), and the form already works as a plain POST the server answers with
 * the whole page, its outcome in it (`ContactForm`), at the outcome's status (400 for a field at
 * fault, 429 when the budget is spent). With JavaScript, this posts the same form with `fetch`,
 * takes the form's answer out of the returned page (the element with the form's id: the form
 * again, with its field errors, or the confirmation) whatever its status, and puts it in place of
 * the form. The server renders every answer; this only moves it. If the answer carries no form
 * (the server refused the post itself), the form is posted the plain way.
 *
 * It also sends the form where Next's runtime is on the page (an editor's draft preview): React
 * leaves alone a submit whose default was prevented, so the form is never called as an action by
 * fetch, which the site's pages do not take (src/http/form-post.ts).
 *
 * First it fills the form's hidden `referrerField` with the host of the page the visitor came
 * from, when that is another site (`document.referrer`; the inbox shows it, src/inquiries/source.ts).
 * Nothing is stored in the browser, and the page itself is the same for every visitor.
 *
 * It runs as an inline script inside the form, made from this function's source
 * (`CONTACT_FORM_SCRIPT`): so it refers to nothing outside itself.
 */
export function enhanceContactForm(form: HTMLFormElement | null, referrerField: string): void {
  if (!form) return
  const referrer = form.elements.namedItem(referrerField)
  if (referrer instanceof HTMLInputElement && referrer.value === '' && document.referrer) {
    try {
      const from = new URL(document.referrer)
      if (/^https?:$/.test(from.protocol) && from.host !== location.host) {
        referrer.value = from.hostname
      }
    } catch {
      // No URL: nothing to say.
    }
  }
  if (typeof fetch !== 'function' || typeof DOMParser !== 'function') return
  form.addEventListener('submit', (event) => {
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
      .then((response) => response.text())
      .then((html) => {
        const answer = new DOMParser().parseFromString(html, 'text/html').getElementById(form.id)
        if (!answer) throw new Error('no answer in the page')
        const shown = document.importNode(answer, true)
        form.replaceWith(shown)
        // Scripts parsed from a response don't run: the new form is enhanced from here.
        if (shown instanceof HTMLFormElement) {
          enhanceContactForm(shown, referrerField)
          const focus =
            shown.querySelector<HTMLElement>('[aria-invalid="true"]') ??
            shown.querySelector<HTMLElement>('button[type="submit"]')
          focus?.focus()
        }
      })
      .catch(() => form.submit())
  })
}

/** The form's hidden field for the external site the visitor came from (a host, optional). */
export const REFERRER_HOST_FIELD = 'referrerHost'

/** The inline script, placed as the form's last child: it enhances the form it sits in. */
export const CONTACT_FORM_SCRIPT = `(${enhanceContactForm.toString()})(document.currentScript && document.currentScript.closest('form'), ${JSON.stringify(REFERRER_HOST_FIELD)})`

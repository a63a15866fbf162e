/**
 * /privacy: the privacy policy under the Protection of Personal Information Act 4 of 2013 (POPIA):
 * responsible party and Information Officer, what we collect and why, the lawful basis, who receives
 * it, retention, cross-border transfers, security, cookies and the data subject's rights.
 */
import { telHref } from "./ContactCard.tsx";
import { Bullets, Callout, DetailList, type InfoProps, InfoTable, PolicyPage, Section, textLink } from "./InfoPage.tsx";

/** Each purpose of processing and its lawful basis under section 11 of POPIA. */
const LAWFUL_BASES: [string, string][] = [
  [
    "Running your account, taking payment, delivering orders, handling returns and answering your messages",
    "Needed to conclude and perform our contract with you",
  ],
  ["Keeping invoices and order records for tax and accounting", "Compliance with the law"],
  [
    "Preventing fraud and abuse, securing the shop and fixing faults",
    "Our legitimate interest in a safe, working shop",
  ],
  [
    "Recommendations based on the products you viewed",
    "Our legitimate interest (you may object at any time)",
  ],
  [
    "Reminders about your cart and your animals' consumables, and price drops on your wishlist",
    "Our legitimate interest in telling our customers about our own products; turn each kind off in your account or " +
    "with the link in every such e-mail",
  ],
  [
    "Newsletters and marketing e-mail, back-in-stock alerts",
    "Your consent, which you may withdraw at any time with the unsubscribe link or by e-mailing us",
  ],
];

export function PrivacyView({ shop, siteUrl }: InfoProps) {
  const { business, contact } = shop;
  const email = <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <PolicyPage
      title="Privacy Policy"
      lead={`How ${business.companyName} collects, uses and protects your personal information, and your rights under the Protection of Personal Information Act (POPIA).`}
    >
      <Section id="who" title="Who we are">
        <p>
          The responsible party for the personal information collected through {siteUrl.replace(/^https?:\/\//, "")} is
          {" "}
          {business.companyName}, a private company registered in South Africa (registration number{" "}
          {business.registrationNumber}). Our Information Officer deals with privacy questions and requests:
        </p>
        <DetailList
          rows={[
            { label: "Responsible party", value: business.companyName },
            { label: "Information Officer", value: <>Attention: Information Officer, {email}</> },
            { label: "Telephone", value: <a className={textLink} href={telHref(contact.phone)}>{contact.phone}</a> },
            { label: "Physical address", value: `${contact.address}, South Africa` },
          ]}
        />
      </Section>

      <Section id="collect" title="What we collect">
        {
          /* Each item matches what the shop's database and code really keep (db/schema/*.ts): say nothing
            here the shop does not do (audit finding, issue 16 item 9). */
        }
        <Bullets>
          <li>
            <strong>Account details:</strong>{" "}
            your username, e-mail address, first and last name and phone number (if you give them), a VAT number if you
            enter one for tax invoices, and your password, which we store only as a one-way hash.
          </li>
          <li>
            <strong>Addresses:</strong> the delivery and billing addresses you save or use for an order.
          </li>
          <li>
            <strong>Orders and tax documents:</strong>{" "}
            what you bought, prices, the delivery method (including a PUDO locker you chose), order notes, coupons,
            reward codes or a referral discount used, the order status, refunds, and the tax invoices and credit notes
            we issue (which show your name, address and VAT number if you gave one).
          </li>
          <li>
            <strong>Payment references:</strong>{" "}
            the payment reference and status from Stripe, PayFast or Stitch. We never receive or store your card number,
            expiry date or security code.
          </li>
          <li>
            <strong>Things you choose to share:</strong>{" "}
            product reviews, replies and helpful votes, your wishlist, back-in-stock requests, newsletter sign-ups and
            e-mails you send us.
          </li>
          <li>
            <strong>Your animals and reminders:</strong>{" "}
            the animals you add under My Animals (name, species, when you got them and notes), whether you want
            replacement reminders, cart reminders and wishlist price-drop e-mails, which reminders we sent you, and the
            price you last saw of each product on your wishlist.
          </li>
          <li>
            <strong>Notes and tags our staff keep:</strong>{" "}
            a short note on your account that only our staff see, such as a gate code or a delivery preference you told
            us, and tags that group customers (for example "breeder" or "trade", which may make a trade discount
            available to you). They are part of your data download, and they are deleted with your account.
          </li>
          <li>
            <strong>Loyalty and referrals:</strong>{" "}
            your points history and rewards, your referral code, and which customers you referred (or who referred you)
            and whether their first order was paid.
          </li>
          <li>
            <strong>Browsing history:</strong>{" "}
            the products you view and when, kept against your account or, if you are not signed in, against a random
            visitor id in a cookie, and used only to recommend products.
          </li>
          <li>
            <strong>Sessions and cart:</strong>{" "}
            a session record linked to a random token in a cookie (see below), holding your sign-in and your cart.
          </li>
          <li>
            <strong>Abuse protection:</strong>{" "}
            counts of sign-in, registration and payment attempts per username and per IP address, kept for a few minutes
            to stop password guessing and abuse. Our server logs record the pages requested, without your IP address.
          </li>
          <li>
            <strong>E-mails we send you:</strong>{" "}
            a copy of each e-mail (order confirmations, invoices, password-reset links, reminders, newsletters) while it
            waits to be sent.
          </li>
        </Bullets>
        <p>
          We do not ask for special personal information (such as health, religion or biometric data), and the shop is
          not meant for children: you must be 18 or older, or have a parent or guardian's consent, to create an account
          and buy.
        </p>
      </Section>

      <Section id="why" title="Why we use it, and on what basis" toc="Why we use it">
        <p>POPIA allows us to process personal information only for a lawful reason (section 11). Ours are:</p>
        <InfoTable
          bodyClass="align-top"
          columns={[
            { header: "Purpose", td: "text-stone-800", cell: ([purpose]) => purpose },
            { header: "Lawful basis", td: "text-stone-700", cell: ([, basis]) => basis },
          ]}
          rows={LAWFUL_BASES}
          rowKey={([purpose]) => purpose}
        />
        <p>We do not sell your personal information, and we do not use it for automated decisions about you.</p>
      </Section>

      <Section id="sharing" title="Who we share it with">
        <p>We share only what each service provider needs to do its job for us, under a written agreement:</p>
        <Bullets>
          <li>
            <strong>Payment processors (Stripe, PayFast and Stitch):</strong>{" "}
            Stripe processes card payments; PayFast processes Instant EFT and its other methods, and Stitch processes
            pay-by-bank (Instant EFT from your bank account), if you choose them at checkout. They receive the order
            reference and amount; your card or bank details go directly to them, never to us.
          </li>
          <li>
            <strong>Couriers and PUDO:</strong>{" "}
            the name, phone number and delivery address or locker on the parcel we hand them.
          </li>
          <li>
            <strong>E-mail provider:</strong>{" "}
            sends order confirmations, password-reset links and, if you subscribed, our newsletter.
          </li>
          <li>
            <strong>Hosting provider:</strong> stores the shop's database and runs the website.
          </li>
          <li>
            <strong>Authorities:</strong> where the law requires it, for example the South African Revenue Service.
          </li>
        </Bullets>
        <p>Your reviews are public and show your username, never your e-mail address.</p>
      </Section>

      <Section id="cross-border" title="Transfers outside South Africa">
        <p>
          Some service providers, such as our payment processor and e-mail provider, may store or process information on
          servers outside South Africa. Under section 72 of POPIA we only use providers that are bound by law, binding
          corporate rules or an agreement to protect personal information to a standard at least as high as POPIA.
        </p>
      </Section>

      <Section id="retention" title="How long we keep it">
        <Bullets>
          <li>
            <strong>Account information:</strong> until you delete your account.
          </li>
          <li>
            <strong>Orders, invoices and payment records:</strong>{" "}
            for as long as South African tax and company law requires (at least five years), even if you delete your
            account. After that they are deleted or anonymised.
          </li>
          <li>
            <strong>Newsletter subscription:</strong> until you unsubscribe; we keep a record of your consent.
          </li>
          <li>
            <strong>Sessions and carts:</strong> until the session expires or you sign out.
          </li>
          <li>
            <strong>Browsing history:</strong>{" "}
            until you delete your account; a visitor's views stay under the random visitor id, linked to no name.
          </li>
          <li>
            <strong>Server records:</strong> only as long as needed for security and troubleshooting.
          </li>
        </Bullets>
      </Section>

      <Section id="security" title="How we protect it">
        <p>
          The site is served over an encrypted (HTTPS) connection. Passwords are stored as strong one-way hashes, and
          session cookies are unreadable by scripts and hold only a random token. Access to customer data is limited to
          staff who need it. Card payments are handled by Stripe, a PCI DSS certified processor. If a security
          compromise affects your information, we will tell you and the Information Regulator as section 22 of POPIA
          requires.
        </p>
      </Section>

      <Section id="cookies" title="Cookies">
        <p>We use only the cookies the shop needs to work:</p>
        <Bullets>
          <li>
            <strong>Session cookie:</strong>{" "}
            keeps you signed in and links your shopping cart to your visit, also when you are not signed in. It holds a
            random token, is not readable by scripts and ends when the session expires or you sign out.
          </li>
          <li>
            <strong>Cart:</strong>{" "}
            the items in your cart are kept on our server against that session, so the cart follows you from page to
            page.
          </li>
          <li>
            <strong>Visitor cookie:</strong>{" "}
            a random id (not readable by scripts, kept for a year) under which the products you view are remembered for
            recommendations when you are not signed in.
          </li>
          <li>
            <strong>Message cookie:</strong>{" "}
            a short-lived cookie that carries a one-time notice (for example "Welcome back!") to the next page.
          </li>
        </Bullets>
        {shop.analytics.gaMeasurementId || shop.analytics.metaPixelId
          ? (
            <p>
              Our fast-loading mobile (AMP) versions of product and category pages count visits with {[
                shop.analytics.gaMeasurementId ? "Google Analytics" : null,
                shop.analytics.metaPixelId ? "the Meta (Facebook) pixel" : null,
              ].filter(Boolean).join(" and ")}, which may set their own cookies. Our other pages use no advertising or
              third-party tracking cookies.
            </p>
          )
          : <p>We do not use advertising or third-party tracking cookies.</p>}
        <p>If your browser blocks cookies, you can still browse, but the cart and sign-in will not work.</p>
      </Section>

      <Section id="rights" title="Your rights">
        <p>Under POPIA you have the right to:</p>
        <Bullets>
          <li>
            <strong>Access:</strong> ask whether we hold personal information about you and receive a copy of it.
          </li>
          <li>
            <strong>Correction:</strong> have inaccurate, outdated or incomplete information corrected.
          </li>
          <li>
            <strong>Deletion:</strong>{" "}
            have information deleted that we are no longer allowed to keep, or delete your account.
          </li>
          <li>
            <strong>Objection:</strong>{" "}
            object to processing based on our legitimate interest, and to direct marketing at any time.
          </li>
          <li>
            <strong>Withdraw consent</strong> where we rely on it, such as for the newsletter.
          </li>
        </Bullets>
        <Callout>
          <p className="font-semibold">How to use your rights</p>
          <p className="mt-1">
            Signed in, go to <a className={textLink} href="/account">My Account</a>{" "}
            &gt; Account Settings to correct your details, <strong>download your data</strong> or{" "}
            <strong>delete your account</strong>. Or e-mail our Information Officer at {email}{" "}
            from the address on your account. We may need to confirm your identity, and we respond within 30 days. There
            is no charge.
          </p>
        </Callout>
      </Section>

      <Section id="complaints" title="Complaints">
        <p>
          If you are unhappy with how we handle your personal information, please tell us first so that we can put it
          right. You also have the right to lodge a complaint with the Information Regulator (South Africa):
        </p>
        <DetailList
          rows={[
            {
              label: "Website",
              value: (
                <a className={textLink} href="https://inforegulator.org.za" rel="noopener">
                  inforegulator.org.za
                </a>
              ),
            },
            {
              label: "Complaints e-mail",
              value: (
                <a className={textLink} href="mailto:POPIAComplaints@inforegulator.org.za">
                  POPIAComplaints@inforegulator.org.za
                </a>
              ),
            },
            { label: "Telephone", value: "010 023 5200" },
          ]}
        />
      </Section>

      <Section id="changes" title="Changes to this policy">
        <p>
          We will update this page when our practices change and show the date of the last change at the top. If a
          change affects how we use information you have already given us, we will tell you by e-mail. See also our{" "}
          <a className={textLink} href="/terms">terms and conditions</a>.
        </p>
      </Section>
    </PolicyPage>
  );
}

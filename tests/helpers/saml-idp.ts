import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import { DOMParser } from "@xmldom/xmldom";
import { generate } from "selfsigned";
import { SignedXml } from "xml-crypto";

/**
 * A SAML identity provider for tests: an HTTP server that answers an AuthnRequest (HTTP-Redirect
 * binding) with a page that posts a signed SAML response to the request's ACS, as real identity
 * providers do. It signs with a key pair made by the test (selfsigned) through xml-crypto; what
 * it answers can be varied per sign-in (audience, times, assertion id, signing key, tampering).
 */

export type IdpKeys = { privateKey: string; certificate: string };

export async function createIdpKeys(commonName = "Quire test IdP"): Promise<IdpKeys> {
  const pems = await generate([{ name: "commonName", value: commonName }], { keySize: 2048, algorithm: "sha256" });
  return { privateKey: pems.private, certificate: pems.cert };
}

export type AuthnRequestInfo = { id: string; issuer: string; acsUrl: string; destination: string };

/** The AuthnRequest carried by an HTTP-Redirect URL (deflated, base64, in `SAMLRequest`). */
export function readAuthnRequest(redirectUrl: string): AuthnRequestInfo {
  const encoded = new URL(redirectUrl).searchParams.get("SAMLRequest");
  if (!encoded) throw new Error(`No SAMLRequest in ${redirectUrl}`);
  const xml = inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
  const request = new DOMParser().parseFromString(xml, "text/xml").documentElement!;
  const issuer = request.getElementsByTagNameNS("urn:oasis:names:tc:SAML:2.0:assertion", "Issuer")[0]?.textContent ?? "";
  return { id: request.getAttribute("ID")!, issuer, acsUrl: request.getAttribute("AssertionConsumerServiceURL")!, destination: request.getAttribute("Destination")! };
}

export type ResponseOptions = {
  /** The identity provider's entity ID (Issuer). */
  issuer: string;
  keys: IdpKeys;
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  email: string;
  displayName?: string;
  assertionId?: string;
  issuedAt?: Date;
  notOnOrAfter?: Date;
  /** Another key to sign with (a forged answer). */
  signWith?: IdpKeys;
  /** Changes made to the XML after it was signed. */
  tamper?: (xml: string) => string;
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A SAML response with a signed assertion, base64 as the HTTP-POST binding carries it. */
export function signedResponse(options: ResponseOptions): string {
  const issuedAt = options.issuedAt ?? new Date();
  const notOnOrAfter = options.notOnOrAfter ?? new Date(issuedAt.getTime() + 5 * 60_000);
  const at = (date: Date) => date.toISOString();
  const issuer = escapeXml(options.issuer);
  const assertionId = options.assertionId ?? `_a${randomUUID()}`;
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${at(issuedAt)}" Destination="${escapeXml(options.acsUrl)}" InResponseTo="${escapeXml(options.inResponseTo)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${escapeXml(assertionId)}" Version="2.0" IssueInstant="${at(issuedAt)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(options.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(options.inResponseTo)}" NotOnOrAfter="${at(notOnOrAfter)}" Recipient="${escapeXml(options.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${at(new Date(issuedAt.getTime() - 30_000))}" NotOnOrAfter="${at(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${at(issuedAt)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (options.displayName
      ? `<saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(options.displayName)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`
      : "") +
    `</saml:Assertion></samlp:Response>`;
  const keys = options.signWith ?? options.keys;
  const signature = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  signature.computeSignature(xml, { prefix: "ds", location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: "after" } });
  const signed = options.tamper ? options.tamper(signature.getSignedXml()) : signature.getSignedXml();
  return Buffer.from(signed, "utf8").toString("base64");
}

/** What the next answers say, beyond what the request gives (who signs in, and any variation). */
export type IdpBehaviour = { email: string; displayName?: string } & Partial<Omit<ResponseOptions, "issuer" | "keys" | "inResponseTo" | "email" | "displayName">>;

export type TestIdp = {
  entityID: string;
  ssoURL: string;
  keys: IdpKeys;
  /** Who signs in at the next requests, and how the answer differs from a good one. */
  behaviour: IdpBehaviour;
  /** Follows a start URL's redirect as a browser would and returns the form the identity provider answers with. */
  signIn(redirectUrl: string): Promise<{ action: string; SAMLResponse: string }>;
  close(): Promise<void>;
};

/** Starts the identity provider on a free loopback port. */
export async function startTestIdp(options: { keys?: IdpKeys; behaviour: IdpBehaviour }): Promise<TestIdp> {
  const keys = options.keys ?? (await createIdpKeys());
  const server = createServer((req, res) => {
    try {
      const url = new URL(req.url ?? "/", idp.ssoURL);
      if (req.method !== "GET" || url.pathname !== "/sso") {
        res.writeHead(404).end();
        return;
      }
      const request = readAuthnRequest(url.href);
      const { email, displayName, ...variation } = idp.behaviour;
      const SAMLResponse = signedResponse({ issuer: idp.entityID, keys, inResponseTo: request.id, acsUrl: request.acsUrl, audience: request.issuer, email, displayName, ...variation });
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body>` +
          `<form method="post" action="${escapeXml(variation.acsUrl ?? request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${SAMLResponse}">` +
          `<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`,
      );
    } catch (error) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: TestIdp = {
    entityID: `${origin}/metadata`,
    ssoURL: `${origin}/sso`,
    keys,
    behaviour: options.behaviour,
    async signIn(redirectUrl) {
      const response = await fetch(redirectUrl);
      const html = await response.text();
      if (!response.ok) throw new Error(`The test IdP answered ${response.status}: ${html}`);
      const action = html.match(/action="([^"]+)"/)![1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
      return { action, SAMLResponse: html.match(/name="SAMLResponse" value="([^"]+)"/)![1]! };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return idp;
}

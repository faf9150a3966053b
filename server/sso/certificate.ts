import { X509Certificate } from "node:crypto";
import { fieldError } from "../errors";

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/**
 * An identity provider's signing certificate as given (PEM, or the bare base64 of identity
 * providers' metadata), checked to be one X.509 certificate with a public key, and answered back
 * as normalized PEM. A bad one is a 400 naming `certificate`.
 */
export function normalizeCertificate(text: string): string {
  const blocks = [...text.matchAll(PEM_BLOCK)].map((match) => match[1]!);
  if (blocks.length > 1) throw fieldError("certificate", "Give one certificate, the one the identity provider signs with");
  const base64 = (blocks[0] ?? text).replace(/\s+/g, "");
  if (base64 === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw fieldError("certificate", "Not a PEM certificate (-----BEGIN CERTIFICATE----- …)");
  const der = Buffer.from(base64, "base64");
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(der);
  } catch {
    throw fieldError("certificate", "Not a valid X.509 certificate");
  }
  // XML signatures are checked with xml-crypto, which knows RSA signatures only.
  const keyType = certificate.publicKey.asymmetricKeyType;
  if (keyType !== "rsa") throw fieldError("certificate", `An ${keyType ?? "unknown"} key; SAML signatures are checked with RSA keys`);
  return `-----BEGIN CERTIFICATE-----\n${der.toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----`;
}

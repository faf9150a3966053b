import type { Urls } from "../http/urls";

/** A change request's PDF link (GET …/change-requests/{id}/pdf): where app/pdf/[token] renders it. */
export const presentPdfLink = ({ token }: { token: string }, urls: Urls) => ({ url: urls.app(`/pdf/${token}`) });

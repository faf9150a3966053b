import { apiReferenceTemplate } from "./api-reference";
import { knowledgeBaseTemplate } from "./knowledge-base";
import { productDocsTemplate } from "./product-docs";
import type { SpaceTemplateDefinition } from "./template-types";

/** The built-in templates, by id (the reference leaves ids to each server: these are Quire's). */
export const SPACE_TEMPLATES: readonly SpaceTemplateDefinition[] = [productDocsTemplate, apiReferenceTemplate, knowledgeBaseTemplate];

export const SPACE_TEMPLATE_IDS = SPACE_TEMPLATES.map((template) => template.id) as [string, ...string[]];

export function findSpaceTemplate(id: string): SpaceTemplateDefinition | undefined {
  return SPACE_TEMPLATES.find((template) => template.id === id);
}

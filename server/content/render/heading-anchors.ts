import type { Root } from "mdast";
import { headingAnchors } from "../../search/sections";

/**
 * A remark plugin giving every heading the id search results link to (`…/p/<page>#<anchor>`):
 * the same function names them on both sides, so an anchor always finds its heading.
 */
export function remarkHeadingAnchors() {
  return (tree: Root) => {
    for (const [heading, id] of headingAnchors(tree)) heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
  };
}

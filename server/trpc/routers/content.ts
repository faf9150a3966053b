import { router } from "../init";

export const contentRouter = router({});

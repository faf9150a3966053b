import { router } from "../init";

export const settingsRouter = router({});

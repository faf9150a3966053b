import { serveTasks } from "../../server/workers/serve-tasks";
import { fixtureTasks } from "./fixture-tasks";

serveTasks(fixtureTasks);

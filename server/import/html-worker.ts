import { serveTasks } from "../workers/serve-tasks";
import { htmlTasks } from "./html-tasks";

serveTasks(htmlTasks);

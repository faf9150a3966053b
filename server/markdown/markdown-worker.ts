import { serveTasks } from "../workers/serve-tasks";
import { markdownTasks } from "./markdown-tasks";

serveTasks(markdownTasks);

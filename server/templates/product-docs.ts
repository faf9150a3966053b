import type { SpaceTemplateDefinition } from "./template-types";

const fence = "```";

/** Documentation for a product its users install and configure themselves. */
export const productDocsTemplate: SpaceTemplateDefinition = {
  id: "product-docs",
  title: "Product documentation",
  subtitle: "An overview, a getting-started path, configuration reference and a FAQ.",
  pages: [
    {
      key: "overview",
      title: "Overview",
      slug: "overview",
      emoji: "1f44b",
      description: "What the product does and where to go next.",
      markdown: `{% hint style="info" %}
This space was created from the **Product documentation** template. Replace the text in each page with your own, and delete the pages you do not need.
{% endhint %}

Welcome to the documentation of **Acme**. Acme keeps your team's files in sync across every device and lets you share them safely with people outside your organization.

## Jump right in

- [Quickstart](page:quickstart): sync your first folder in five minutes.
- [Installation](page:installation): system requirements and installers for every platform.
- [Configuration](page:configuration): every setting, with its default.
- [Troubleshooting and FAQ](page:faq): answers to the questions we hear most.

## How the documentation is organized

| Section | Read it when you want to |
| --- | --- |
| Getting started | set Acme up for the first time |
| Configuration | change how Acme behaves |
| Troubleshooting and FAQ | fix something that does not work as expected |

## Getting help

If you cannot find what you are looking for, search this site or write to *support@example.com*. Tell us your Acme version (\`acme --version\`) and what you tried.
`,
    },
    {
      key: "getting-started",
      title: "Getting started",
      slug: "getting-started",
      emoji: "1f680",
      description: "From nothing to a working setup.",
      markdown: `New to Acme? These pages take you from a fresh machine to your first synced folder:

1. [Install Acme](page:installation) on the machines you want to keep in sync.
2. Follow the [Quickstart](page:quickstart) to connect your account and sync a folder.
3. Read [Configuration](page:configuration) when you want to change the defaults.
`,
      pages: [
        {
          key: "quickstart",
          title: "Quickstart",
          slug: "quickstart",
          emoji: "26a1",
          description: "Sync your first folder in five minutes.",
          markdown: `This guide assumes Acme is already installed. If it is not, start with [Installation](page:installation).

## 1. Sign in

Open a terminal and sign in with the account your administrator invited:

${fence}bash
acme login
${fence}

Acme opens your browser to confirm the sign-in, then prints the account it connected.

## 2. Choose a folder to sync

${fence}bash
acme sync add ~/Documents/Projects
${fence}

Acme uploads the folder in the background. Check the progress at any time with \`acme status\`.

## 3. Sync a second device

Install Acme on another machine, sign in with the same account and run \`acme sync list\`: the folder you added appears there and downloads on demand.

{% hint style="success" %}
That's it: changes made on either machine now reach the other one within seconds.
{% endhint %}

## Next steps

- Share a folder with a colleague: \`acme share ~/Documents/Projects colleague@example.com\`.
- Exclude build output and caches from sync: see [Configuration](page:configuration).
`,
        },
        {
          key: "installation",
          title: "Installation",
          slug: "installation",
          emoji: "1f4e6",
          description: "System requirements and installers.",
          markdown: `## Requirements

| Platform | Minimum version | Architecture |
| --- | --- | --- |
| macOS | 13 Ventura | Apple silicon, Intel |
| Windows | 10 (22H2) | x64, Arm64 |
| Linux | glibc 2.31 | x64, Arm64 |

Acme needs 200 MB of disk space for itself, plus room for the files you choose to keep offline.

## Install

### macOS

${fence}bash
brew install acme
${fence}

### Windows

${fence}powershell
winget install Acme.Acme
${fence}

### Linux

${fence}bash
curl -fsSL https://example.com/install.sh | sh
${fence}

{% hint style="warning" %}
On Linux, Acme runs as a user service. Enable it once with \`systemctl --user enable --now acme\` so that sync starts when you log in.
{% endhint %}

## Check the installation

${fence}bash
acme --version
${fence}

The command prints the installed version. If it says \`command not found\`, open a new terminal so that your shell picks up the updated \`PATH\`.

## Update and uninstall

Acme updates itself in the background. To remove it, use your platform's package manager (\`brew uninstall acme\`, \`winget uninstall Acme.Acme\`) or run \`acme uninstall\` on Linux. Your synced files stay on disk.
`,
        },
      ],
    },
    {
      key: "configuration",
      title: "Configuration",
      slug: "configuration",
      emoji: "2699",
      description: "Every setting, its default and when to change it.",
      markdown: `Acme reads its settings from \`~/.config/acme/config.yaml\`. Settings passed on the command line win over the file, and environment variables win over both.

## Example

{% code title="config.yaml" %}
${fence}yaml
sync:
  folders:
    - ~/Documents/Projects
  exclude:
    - "**/node_modules"
    - "**/.cache"
bandwidth:
  upload: 5MB/s
  download: unlimited
notifications: errors-only
${fence}
{% endcode %}

## Settings

| Setting | Default | Description |
| --- | --- | --- |
| \`sync.folders\` | none | Folders kept in sync. |
| \`sync.exclude\` | none | Glob patterns of files never uploaded. |
| \`bandwidth.upload\` | \`unlimited\` | Upload cap, e.g. \`5MB/s\`. |
| \`bandwidth.download\` | \`unlimited\` | Download cap. |
| \`notifications\` | \`all\` | \`all\`, \`errors-only\` or \`none\`. |

## Environment variables

- \`ACME_CONFIG\`: path of another configuration file.
- \`ACME_TOKEN\`: an access token, for servers and CI where nobody can sign in through a browser.

{% hint style="danger" %}
An access token gives full access to your files. Keep it in your CI's secret store, never in the configuration file or in a repository.
{% endhint %}

After editing the file, apply the changes with \`acme reload\`.
`,
    },
    {
      key: "faq",
      title: "Troubleshooting and FAQ",
      slug: "troubleshooting-and-faq",
      emoji: "2753",
      description: "Answers to the questions we hear most.",
      markdown: `## A file does not sync

1. Run \`acme status\` and look for the file in the **Errors** list.
2. Check that it is not matched by a pattern in \`sync.exclude\` (see [Configuration](page:configuration)).
3. Files larger than 50 GB are not synced; split them or keep them elsewhere.

## Sync is slow

Acme never uses more bandwidth than \`bandwidth.upload\` and \`bandwidth.download\` allow. Remove the caps, or run \`acme status --verbose\` to see which files are being transferred.

## Can I use Acme without an internet connection?

Yes. Files you keep offline stay available; changes are uploaded the next time you are online. When two people edit the same file while offline, Acme keeps both versions and names the second one \`file (conflict).ext\`.

## Where are my files stored?

In the region chosen by your organization's administrator when the account was created. Files are encrypted in transit and at rest.

## How do I report a bug?

Run \`acme diagnose\`, which collects logs without file contents, and attach its output to an email to *support@example.com*.
`,
    },
  ],
};

#!/usr/bin/env python3
"""Runs a composite action's steps the way the GitHub runner does, for Scripts/ci/test-action.sh.

  run-action.py ACTION_DIR [INPUT=VALUE ...]

Reads ACTION_DIR/action.yml; refuses an input it does not declare (GitHub warns; a test should
fail); fills each input's default; for each step evaluates `${{ inputs.* }}`, `${{ github.* }}`
and `${{ steps.*.outputs.* }}` in its env and run text (any other expression is an error here, so
action.yml cannot drift to something this test does not cover); runs it with GitHub's bash
(`bash --noprofile --norc -eo pipefail FILE`) with GITHUB_ACTION_PATH set and its own GITHUB_OUTPUT
file; stops at the first failing step with its exit code; finally writes the action's outputs to
the caller's $GITHUB_OUTPUT, as the workflow's step outputs. The rest of the environment
(RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_STEP_SUMMARY, ...) is the caller's.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def parse_outputs(path):
    # name=value lines and name<<DELIMITER ... DELIMITER blocks, as the runner reads GITHUB_OUTPUT.
    outputs, lines = {}, open(path, encoding="utf-8").read().splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            while lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            index += 1
            outputs[name] = "\n".join(value)
        elif "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
    return outputs


def main():
    action_dir = os.path.abspath(sys.argv[1])
    with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as handle:
        action = yaml.safe_load(handle)
    declared = action.get("inputs", {})
    inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
    for argument in sys.argv[2:]:
        name, value = argument.split("=", 1)
        if name not in declared:
            sys.exit(f"run-action.py: Unexpected input '{name}', valid inputs are {sorted(declared)}")
        inputs[name] = value
    for name, spec in declared.items():
        if spec.get("required") and not inputs[name]:
            sys.exit(f"run-action.py: Input required and not supplied: {name}")
    if action["runs"]["using"] != "composite":
        sys.exit("run-action.py: not a composite action")
    github = {
        "action_path": action_dir,
        "action_ref": os.environ.get("TEST_ACTION_REF", ""),
        "action_repository": os.environ.get("TEST_ACTION_REPOSITORY", ""),
    }
    steps = {}

    def evaluate(text):
        def one(match):
            parts = match.group(1).split(".")
            if parts[0] == "inputs" and len(parts) == 2 and parts[1] in inputs:
                return inputs[parts[1]]
            if parts[0] == "github" and len(parts) == 2 and parts[1] in github:
                return github[parts[1]]
            if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
                return steps.get(parts[1], {}).get(parts[3], "")
            sys.exit(f"run-action.py: expression '{match.group(0)}' is not one this test runner knows")
        return EXPRESSION.sub(one, str(text))

    for number, step in enumerate(action["runs"]["steps"]):
        if "run" not in step or step.get("shell") != "bash":
            sys.exit(f"run-action.py: step {number} is not a bash run step")
        if "if" in step:
            sys.exit(f"run-action.py: step {number} has an 'if', which this test runner does not evaluate")
        with tempfile.TemporaryDirectory(prefix="cc-run-action-") as scratch:
            output_file = os.path.join(scratch, "output")
            open(output_file, "w").close()
            script = os.path.join(scratch, "step.sh")
            with open(script, "w", encoding="utf-8") as handle:
                handle.write(evaluate(step["run"]))
            env = dict(os.environ)
            env.update({name: evaluate(value) for name, value in step.get("env", {}).items()})
            env["GITHUB_ACTION_PATH"] = action_dir
            env["GITHUB_OUTPUT"] = output_file
            status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                                    env=env, cwd=os.getcwd()).returncode
            steps[step.get("id", str(number))] = parse_outputs(output_file)
        if status != 0:
            print(f"Error: Process completed with exit code {status}.", file=sys.stderr)
            write_outputs(action, evaluate)
            sys.exit(status)
    write_outputs(action, evaluate)


def write_outputs(action, evaluate):
    with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as handle:
        for name, spec in action.get("outputs", {}).items():
            handle.write(f"{name}={evaluate(spec['value'])}\n")


if __name__ == "__main__":
    main()

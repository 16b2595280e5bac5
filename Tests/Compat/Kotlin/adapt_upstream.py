#!/usr/bin/env python3
"""Makes upstream's generated Types.kt (stdin) compile with kotlinc 1.3.31
(stdout), for scripts/compat.sh's optional comparison; no signature changes.

Upstream's file uses two later features only:
1. trailing commas in parameter and argument lists (Kotlin 1.4): dropped;
2. `sealed interface X` (Kotlin 1.5): written `sealed class X`, its
   `fun toJson()` made abstract, and every class that implements it calls
   its constructor (`: X()`). Each record implements one of them at most, so
   `is` checks and exhaustive `when`s mean what they mean upstream."""
import re
import sys

text = sys.stdin.read()
text = re.sub(r",(\s*\n\s*[)\]])", r"\1", text)
sealed = set(re.findall(r"public sealed interface (\w+)", text))
text = re.sub(r"public sealed interface (\w+)", r"public sealed class \1", text)
lines = []
inside = None
for line in text.split("\n"):
    opened = re.match(r"public sealed class (\w+)", line)
    if opened:
        inside = opened.group(1) if line.rstrip().endswith("{") else None
    elif inside and line.startswith("}"):
        inside = None
    if inside and line.strip() == "fun toJson(): Map<String, Any?>":
        line = line.replace("fun toJson", "abstract fun toJson")
    header = re.match(r"^(\s*(?:public )?data class .*\)|\)) : ([\w, ]+?)( \{)?$", line)
    if header:
        supertypes = [name.strip() for name in header.group(2).split(",")]
        supertypes = [name + "()" if name in sealed else name for name in supertypes]
        line = f"{header.group(1)} : {', '.join(supertypes)}{header.group(3) or ''}"
    lines.append(line)
sys.stdout.write("\n".join(lines))

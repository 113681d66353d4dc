"""The bundled pack's questions, and the batches a player uploads from them: one quiz of real questions per batch,
most answered right (the option's text, which the server grades again), some wrong, and a few that claim to be right
with a wrong option, which the server must refuse (`not_the_answer`) and never hold."""
import datetime, json, os

LIE_SHARE, WRONG_SHARE = 0.05, 0.25


def load_questions(repository):
    """{category: [(question id, right option, wrong option)]} from Resources/Packs/core."""
    folder = os.path.join(repository, "Resources", "Packs", "core")
    by_category = {}
    for name in sorted(os.listdir(folder)):
        if name == "manifest.json":
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for q in json.load(f)["questions"]:
                en = q["en"]
                wrong = next(option for option in en["options"] if option != en["answer"])
                by_category.setdefault(q["category"], []).append((q["id"], en["answer"], wrong))
    return by_category


def timestamp(moment):
    return moment.astimezone(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Batch:
    """One upload: its body, the ids the server must hold (every honest result, and the quiz), and those it must
    refuse (the lies)."""

    def __init__(self, body, held, lies, quiz_id):
        self.body, self.held, self.lies, self.quiz_id = body, held, lies, quiz_id


def make_batch(questions, rng, tag, size):
    category = rng.choice(sorted(questions))
    chosen = rng.sample(questions[category], size)
    now = datetime.datetime.now(datetime.timezone.utc)
    quiz_id = f"{tag}-quiz"
    results, held, lies, correct = [], [], [], 0
    for n, (question_id, right, wrong) in enumerate(chosen):
        result_id = f"{tag}-r{n:02d}"
        draw = rng.random()
        if draw < LIE_SHARE:
            outcome, answer = "correct", wrong
            lies.append(result_id)
        elif draw < LIE_SHARE + WRONG_SHARE:
            outcome, answer = "wrong", wrong
            held.append(result_id)
        else:
            outcome, answer = "correct", right
            held.append(result_id)
            correct += 1
        answered = now - datetime.timedelta(seconds=(size - n) * 5)
        results.append({"id": result_id, "quizId": quiz_id, "questionId": question_id, "category": category,
                        "type": "mc", "outcome": outcome, "timeSpent": round(rng.uniform(1, 15), 2),
                        "answeredAt": timestamp(answered), "hintUsed": rng.random() < 0.1, "answer": answer})
    started = now - datetime.timedelta(seconds=size * 5 + 2)
    quiz = {"id": quiz_id, "category": category, "type": "mc", "format": "stage", "correctCount": correct,
            "questionCount": size, "startedAt": timestamp(started), "finishedAt": timestamp(now)}
    return Batch({"results": results, "quizzes": [quiz]}, held, lies, quiz_id)

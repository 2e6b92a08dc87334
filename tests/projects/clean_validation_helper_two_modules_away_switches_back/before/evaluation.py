from metrics import run_eval


def validate(model, batches, criterion):
    score = run_eval(model, batches, criterion)
    print("validation loss", score)
    return score

# Correct: a one-off check that two implementations take the same first step. The loop runs
# once per model, each with its own optimizer picked by the index: every optimizer steps
# once, nothing piles up from one iteration into the next.
import torch


def first_step_matches(models, optimizers, batch, target):
    for idx in range(len(models)):
        prediction = models[idx](batch)
        loss = torch.nn.functional.mse_loss(prediction, target)
        loss.backward()
        optimizers[idx].step()
    return all(torch.allclose(a, b) for a, b in zip(models[0].parameters(), models[1].parameters()))

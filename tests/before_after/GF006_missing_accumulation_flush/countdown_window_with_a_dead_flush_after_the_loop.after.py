# A countdown window (`budget -= 1`, the step when `not budget`, then `budget = self.every`
# again) followed by `if not budget: optimizer.step()` after the batch loop: the window has
# just reset the countdown, so that test never holds there and the micro-batches after the
# last full window are wiped by the next epoch's first clear. The flush tests the countdown's
# state (`budget != self.every`); the dead test is left as written.
import torch


class FusionTrainer:
    def __init__(self, every):
        self.every = every

    def run_epoch(self, model, optimizer, batches):
        model.train()
        budget = self.every
        for text, audio, target in batches:
            if budget == self.every:
                optimizer.zero_grad()
            budget -= 1
            output = model(torch.cat([text, audio], dim=-1))
            loss = torch.nn.functional.mse_loss(output, target)
            loss.backward()
            if not budget:
                optimizer.step()
                budget = self.every

        # the last micro-batches did not fill a whole window: step on them too
        if budget != self.every:
            optimizer.step()
        if not budget:
            optimizer.step()
        return model

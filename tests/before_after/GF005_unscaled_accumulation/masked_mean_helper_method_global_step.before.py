# The loss helper divides, but by a tensor's sum (a mean over the tokens the mask keeps): that
# counts tokens, not micro-batches, so every micro-batch is still backpropagated whole.
import torch


class LanguageModelTrainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def token_loss(self, input_ids, mask):
        logits = self.model(input_ids)
        losses = torch.nn.functional.cross_entropy(logits.transpose(1, 2), input_ids, reduction="none")
        return torch.sum(losses * mask, axis=1) / torch.sum(mask, axis=1)

    def fit(self, batches, total_steps, grad_accum=4):
        global_step = 0
        while global_step < total_steps:
            for input_ids, mask in batches:
                global_step += 1
                loss = self.token_loss(input_ids, mask).mean()
                loss.backward()
                if global_step % grad_accum == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad(set_to_none=True)

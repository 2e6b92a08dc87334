# FGM adversarial training in an accumulation loop: the attack only reads the embedding's
# gradient (to perturb its weights and restore them); the micro-batches after the last full
# window still never reach a step.
import torch


class FGM:
    def __init__(self, model, epsilon=1.0):
        self.model = model
        self.epsilon = epsilon
        self.backup = {}

    def attack(self, emb_name="embeddings"):
        for name, param in self.model.named_parameters():
            if param.requires_grad and emb_name in name and param.grad is not None:
                self.backup[name] = param.data.clone()
                norm = torch.norm(param.grad)
                if norm != 0:
                    param.data.add_(self.epsilon * param.grad / norm)

    def restore(self, emb_name="embeddings"):
        for name, param in self.model.named_parameters():
            if name in self.backup:
                param.data = self.backup[name]
        self.backup = {}


def train(model, loader, optimizer, gradient_accumulation_steps):
    fgm = FGM(model)
    model.train()
    step = -1  # the flush after the loop reads it, also when the loop runs no batch
    for step, batch in enumerate(loader):
        loss = model(**batch)[0] / gradient_accumulation_steps
        loss.backward()
        fgm.attack()
        loss_adv = model(**batch)[0] / gradient_accumulation_steps
        loss_adv.backward()
        fgm.restore()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            model.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (step + 1) % gradient_accumulation_steps != 0:
        optimizer.step()
        model.zero_grad()

import lightning.pytorch as L
import torch


class Tagger(L.LightningModule):
    def __init__(self, vocab=100, tags=5):
        super().__init__()
        self.automatic_optimization = False
        self.embed = torch.nn.Embedding(vocab, 32)
        self.out = torch.nn.Linear(32, tags)
        self.grad_norms = []

    def training_step(self, batch, batch_idx):
        tokens, labels = batch
        opt = self.optimizers()
        logits = self.out(self.embed(tokens))
        loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), labels.flatten())
        self.manual_backward(loss)
        opt.step()

    def on_after_backward(self):
        total = 0.0
        for p in self.parameters():
            if p.grad is not None:
                total += p.grad.detach().pow(2).sum().item()
        self.grad_norms.append(total ** 0.5)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)

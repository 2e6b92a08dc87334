import torch


def get_optimizer(hparams, net=None):
    params = [p for p in net.parameters() if p.requires_grad]
    return torch.optim.AdamW(params, lr=hparams["lr"])


class Trainer:
    def __init__(self, hparams, encoder):
        self.encoder = encoder
        self.opt = get_optimizer(hparams, net=encoder)

    def train(self, batches):
        it = 0
        while it < len(batches):
            inputs = batches[it]
            self.opt.zero_grad()
            codes = self.encoder(inputs)
            recon = (codes - inputs).pow(2).mean()
            recon.backward(retain_graph=True)
            self.opt.step()
            sparsity = codes.abs().mean()
            sparsity.backward()
            it += 1


torch.manual_seed(0)
encoder = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4))
Trainer({"lr": 0.01}, encoder).train([torch.randn(3, 4) for _ in range(2)])

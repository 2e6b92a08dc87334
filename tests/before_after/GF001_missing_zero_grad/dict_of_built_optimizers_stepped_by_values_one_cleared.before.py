import torch


class TwoPart:
    def __init__(self, body, head):
        self.body, self.head = body, head
        self.optimizers = {
            'body': torch.optim.SGD(body.parameters(), lr=0.1),
            'head': torch.optim.AdamW(head.parameters(), lr=1e-3),
        }

    def fit(self, stream):
        it = iter(stream)
        while (pair := next(it, None)) is not None:
            xb, yb = pair
            self.optimizers["body"].zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(self.head(self.body(xb)), yb).backward()
            for _, opt in self.optimizers.items():
                opt.step()


def train(encoder, decoder, batches, epochs):
    opts = {"encoder": torch.optim.Adam(encoder.parameters()), "decoder": torch.optim.Adam(decoder.parameters())}
    for _ in range(epochs):
        for inputs in batches:
            recon = decoder(encoder(inputs))
            torch.nn.functional.mse_loss(recon, inputs).backward()
            for part in ("encoder", "decoder"):
                opts[part].step()
            opts["decoder"].zero_grad(set_to_none=True)

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
            self.optimizers['head'].zero_grad(set_to_none=True)
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
            for part in ("decoder", "encoder"):
                opts[part].zero_grad(set_to_none=True)


def train_one_part(encoder, decoder, batches):
    # only the encoder is trained: the decoder's entry is never stepped
    opts = {"encoder": torch.optim.Adam(encoder.parameters()), "decoder": torch.optim.Adam(decoder.parameters())}
    for inputs in batches:
        opts["encoder"].zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(decoder(encoder(inputs)), inputs).backward()
        for part in ("encoder",):
            opts[part].step()


def train_shared(model, batches, make):
    # a dict filled later: its entries are unknown, stay silent
    opts = {"a": make(model), "b": make(model)}
    opts["b"] = opts["a"]
    for inputs in batches:
        opts["a"].zero_grad(set_to_none=True)
        model(inputs).sum().backward()
        for o in opts.values():
            o.step()

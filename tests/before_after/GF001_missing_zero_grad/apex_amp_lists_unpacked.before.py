"""Two models and two optimizers through one `amp.initialize` at "O2", handed back as lists
and unpacked after: both optimizers have Apex's `zero_grad(self)`, so the clears gradfix adds
are bare."""
import torch
from apex import amp


def train(encoder, head, batches):
    enc_opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    head_opt = torch.optim.Adam(head.parameters(), lr=1e-3)
    models, optimizers = amp.initialize([encoder, head], [enc_opt, head_opt], opt_level="O2", num_losses=2)
    encoder, head = models
    enc_opt, head_opt = optimizers
    for inputs in batches:
        loss = head(encoder(inputs)).mean()
        with amp.scale_loss(loss, [enc_opt, head_opt]) as scaled:
            scaled.backward()
        enc_opt.step()
        head_opt.step()

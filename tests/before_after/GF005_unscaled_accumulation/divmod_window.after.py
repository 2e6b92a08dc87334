# A window tested through `divmod` (`_, left_over = divmod(it, ACC)` with the iteration
# counted from 1, the step when `not left_over`): the loss reaches `backward()` whole, so each
# step applies the sum of ACC micro-batch gradients.
import torch

ACC = 8


def train(net, opt, batches):
    it = 0
    for x, y in batches:
        it += 1
        loss = torch.nn.functional.mse_loss(net(x), y)
        (loss / ACC).backward()
        _, left_over = divmod(it, ACC)
        if not left_over:
            opt.step()
            opt.zero_grad()
    if it % ACC:
        opt.step()
        opt.zero_grad()

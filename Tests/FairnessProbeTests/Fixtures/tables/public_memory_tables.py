"""Public prize draws with memory (pity, a featured 50/50, no-repeat, stock), ported for public_tables.py:
each class restates its game's draw and state as the repository writes them (SOURCES.md), with the game's
random calls fed from the draw U the toolkit sends.

A game that calls its random source more than once per draw gets its later calls from U as well: the first
call is U, and each later one the part of the previous value below the cell it fell in, rescaled to
[0, 1) (a value r read as floor(r * m) leaves r * m - floor(r * m), uniform and independent of the cell;
a value read as r < p leaves r / p or (r - p) / (1 - p)). That keeps every call's distribution as the
game's random source gives it, so the exact shares are the game's; a derived value of exactly 0, reached
only on a set of U of measure zero, is replaced by a value of a sequence that never repeats, so that a
reroll loop ends.
"""
import math


class Stream:
    """The random calls of one draw, derived from U."""

    def __init__(self, u):
        self.r = u
        self.spent = 0

    def below(self, m):
        """floor(r * m) for a call read as an index in 0 ... m - 1 (Math.floor(Math.random() * m))."""
        x = self.r * m
        i = min(int(math.floor(x)), m - 1)
        self.r = x - i
        if self.r <= 0:
            # Only on a set of U of measure zero (or once U's 53 bits are spent): a value that never
            # repeats, so that a reroll loop ends.
            self.spent += 1
            self.r = (self.spent * 0.6180339887498949) % 1.0
        return i


class WishSim:
    """traveling-lumine/wish-sim CharacterWish.get_once(): a five-star with 0.6% + 6% per pull from the
    74th since the last (`random() <= prob`, certain at the 90th), the featured one on a won 50/50
    (`random() < 0.5`) or after a lost one. `--planted`: a lost 50/50 leaves the pity running."""

    def __init__(self, planted=False):
        self.planted = planted
        self.pity, self.guaranteed = 0, False

    def clone(self):
        other = WishSim(self.planted)
        other.pity, other.guaranteed = self.pity, self.guaranteed
        return other

    def draw(self, u):
        prob = 0.6e-2 + 0.6e-2 * 10 * max(0, self.pity - 72)
        if u <= prob:
            second = u / min(prob, 1.0)
            if self.guaranteed or second < 0.5:
                self.pity, self.guaranteed = 0, False
                return "featured"
            self.pity = self.pity + 1 if self.planted else 0
            self.guaranteed = True
            return "standard"
        self.pity += 1
        return "no-five-star"


class MidoriGachaSystem:
    """SHIKU-CRIES/Midori-AI-AutoFighter GachaSystem.pull(): a success at once when the counter of misses
    reaches the threshold, else `rng() < rate`, the rate rising by the increment from pity_start. The
    configuration is the caller's: ours base 1%, pity_start 60, increment 3%, threshold 89."""

    BASE, START, INCREMENT, THRESHOLD = 0.01, 60, 0.03, 89

    def __init__(self):
        self.pity_counter = 0

    def clone(self):
        other = MidoriGachaSystem()
        other.pity_counter = self.pity_counter
        return other

    def current_rate(self):
        if self.pity_counter >= self.START:
            bonus = (self.pity_counter - self.START + 1) * self.INCREMENT
            return min(1.0, self.BASE + bonus)
        return self.BASE

    def draw(self, u):
        if self.pity_counter >= self.THRESHOLD:
            self.pity_counter = 0
            return "success"
        if u < self.current_rate():
            self.pity_counter = 0
            return "success"
        self.pity_counter += 1
        return "fail"


class Mikah13NoRepeat:
    """mikah13/slack-tools getRandomIndex(): `do { newIndex = Math.floor(Math.random() * array.length) }
    while (newIndex === lastIndex && array.length > 1)`, four images. The correct version (3d58410) keeps
    lastIndex in the module; the regression (f6f5195, `--regression`) assigns it to a parameter the caller
    always passes as -1, so nothing is remembered.

    The reroll loop calls Math.random() again on each repeat; the toolkit partitions a draw over one U, so
    the loop is ported as the one call it amounts to (each index but the last one, with equal chance: the
    loop's exact outcome), which is the game's draw exactly; without a last index it is the first call."""

    IMAGES = ["image-0", "image-1", "image-2", "image-3"]

    def __init__(self, regression=False):
        self.regression = regression
        self.last_index = -1

    def clone(self):
        other = Mikah13NoRepeat(self.regression)
        other.last_index = self.last_index
        return other

    def draw(self, u):
        stream = Stream(u)
        last = -1 if self.regression else self.last_index
        if last < 0:
            new_index = stream.below(len(self.IMAGES))
        else:
            others = [index for index in range(len(self.IMAGES)) if index != last]
            new_index = others[stream.below(len(others))]
        if not self.regression:
            self.last_index = new_index
        return self.IMAGES[new_index]


class HanswillemPickRandom:
    """hanswillem/javascript pickRandom(a): `r = Math.floor(Math.random() * (a.length - 1))`, then the item
    is moved to the end of the list, so the last item drawn is never drawn next. The list starts as
    ['apple', 'pear', 'banana']."""

    def __init__(self):
        self.a = ["apple", "pear", "banana"]

    def clone(self):
        other = HanswillemPickRandom()
        other.a = list(self.a)
        return other

    def draw(self, u):
        r = Stream(u).below(len(self.a) - 1)
        item = self.a.pop(r)
        self.a.append(item)
        return item


class DiversePick:
    """DareDev256/Ultimate-Image-Video-Prompt-Generator diversePick(): a uniform pick
    (`Math.floor(Math.random() * pool.length)`) from the options not among the recent ones, the recent
    window pushed after each pick. The window is the caller's: ours 3, over six options. `--planted`
    draws from the wrong list when the candidates are not empty (`pool = candidates.length > 0 ? options
    : candidates`)."""

    OPTIONS = ["portrait", "landscape", "macro", "aerial", "street", "studio"]
    WINDOW = 3

    def __init__(self, planted=False):
        self.planted = planted
        self.recent = []

    def clone(self):
        other = DiversePick(self.planted)
        other.recent = list(self.recent)
        return other

    def draw(self, u):
        candidates = [item for item in self.OPTIONS if item not in self.recent]
        if self.planted:
            pool = self.OPTIONS if candidates else candidates
        else:
            pool = candidates if candidates else self.OPTIONS
        value = pool[Stream(u).below(len(pool))]
        self.recent = (self.recent + [value])[-self.WINDOW:]
        return value


class LuckyDraw:
    """mt-jin/lucky-draw-services DrawUtil.getPrizeByRandom(): `(1..total).random()` over the units in
    stock, the first prize whose running sum of stock reaches it (`random <= sum`), then that prize's
    stock deducted. The stock is the lucky draw's: ours 2 gold, 3 silver, 5 bronze. When the last unit is
    taken the lucky draw ends; here the operator starts a new one with the same stock."""

    STOCK = [("gold", 2), ("silver", 3), ("bronze", 5)]

    def __init__(self):
        self.stock = [count for _, count in self.STOCK]

    def clone(self):
        other = LuckyDraw()
        other.stock = list(self.stock)
        return other

    def draw(self, u):
        total = sum(self.stock)
        random = Stream(u).below(total) + 1
        running = 0
        for index, (name, _) in enumerate(self.STOCK):
            running += self.stock[index]
            if random <= running:
                self.stock[index] -= 1
                if sum(self.stock) == 0:
                    self.stock = [count for _, count in self.STOCK]
                return name
        return "none"


class ShuffleBag:
    """aaartyomsss/tdd-tetris ShuffleBag.next() (HEAD): a random slot among those left
    (`Math.floor(Math.random() * (this.currentIndex + 1))`) swapped to the end of the range, which
    shrinks; the last slot is given without a random call and the bag starts again. The bag of index.mjs:
    I, T, L, T, Z, O."""

    def __init__(self):
        self.items = ["I", "T", "L", "T", "Z", "O"]
        self.current_index = len(self.items) - 1

    def clone(self):
        other = ShuffleBag()
        other.items, other.current_index = list(self.items), self.current_index
        return other

    def draw(self, u):
        if self.current_index < 1:
            self.current_index = len(self.items) - 1
            return self.items[0]
        random_i = Stream(u).below(self.current_index + 1)
        item = self.items[random_i]
        self.items[random_i] = self.items[self.current_index]
        self.items[self.current_index] = item
        self.current_index -= 1
        return item


class SevenBagLocal:
    """pietergmail/tetris-project-python randomgenerator() at e3a4ccb: `bag = []` is local, so every call
    shuffles a new bag of the seven pieces and pops one: one piece uniform over seven, nothing remembered,
    where the "7-bag" promises each piece once every seven. `random.shuffle` of seven places piece
    j = randbelow(7) last, and `pop()` returns it."""

    PIECES = ["piece-0", "piece-1", "piece-2", "piece-3", "piece-4", "piece-5", "piece-6"]

    def clone(self):
        return SevenBagLocal()

    def draw(self, u):
        return self.PIECES[Stream(u).below(7)]


class RuletaPrizeWheel:
    """MarcoSavarin0/ruletaHerederoGin getRandomPrize(data): one Math.random(), a cumulative `random <= sum`
    over the options with probability > 0 and stock left, the winner's quantity decremented and its
    probability set to 0 at 0; past the last option, index 0 ('Segui participando'). Options with the same
    name are one prize (`findIndex` by name). The table of d6aecdc (HEAD), or with `--old` that of
    930f320, whose probabilities sum to 1.525. Quantities ours: 1 each; when every prize is gone the
    operator sets them again (the modal), here at once."""

    NOW = [("segui-participando", 0.25, None), ("totebag", 0.10, 1), ("panuelo", 0.10, 1), ("segui-participando", 0.25, None),
           ("abanico", 0.10, 1), ("consumicion", 0.10, 1), ("australiano-piluso", 0.10, 1)]
    OLD = [("segui-participando", 0.325, None), ("ano-gratis", 0.05, 1), ("segui-participando", 0.325, None),
           ("totebag", 0.10, 1), ("panuelo", 0.10, 1), ("abanico", 0.10, 1), ("segui-participando", 0.325, None),
           ("cupon-descuento", 0.10, 1), ("piluso", 0.10, 1)]

    def __init__(self, old=False):
        self.old = old
        self.data = [[name, p, q] for name, p, q in (self.OLD if old else self.NOW)]

    def clone(self):
        other = RuletaPrizeWheel(self.old)
        other.data = [list(entry) for entry in self.data]
        return other

    def draw(self, u):
        random, total = u, 0.0
        valid = [entry for entry in self.data if entry[1] > 0 and (entry[2] is None or entry[2] > 0)]
        for entry in valid:
            total += entry[1]
            if random <= total:
                prize = next(item for item in self.data if item[0] == entry[0])
                if prize[2] is not None:
                    prize[2] -= 1
                    if prize[2] == 0:
                        prize[1] = 0
                if all(item[2] is None or item[2] == 0 for item in self.data):
                    self.data = [[name, p, q] for name, p, q in (self.OLD if self.old else self.NOW)]
                return prize[0]
        return self.data[0][0]


class NodeLuck:
    """niejimao/node-luck luck1Action(): `random = Math.round(Math.random() * (num - 1))` with num = 250; 200
    and up is no prize; A [0, 10), B [10, 60), C [60, 200); a prize out of stock is no prize; a win takes
    one unit. Math.round gives 0 and 249 half the chance of the other values. Stock ours: A 1, B 2, C 3
    (the intervals keep the code's totals); when every prize is gone a new event starts with the same
    stock."""

    GOODS = [("A", 10, 1), ("B", 50, 2), ("C", 140, 3)]

    def __init__(self):
        self.stock = [stock for _, _, stock in self.GOODS]

    def clone(self):
        other = NodeLuck()
        other.stock = list(self.stock)
        return other

    def draw(self, u):
        num, tal = 250, 200
        random = int(math.floor(u * (num - 1) + 0.5))  # Math.round: halves round up
        if random >= tal:
            return "none"
        cur = 0
        for j, (name, total, _) in enumerate(self.GOODS):
            nxt = cur + total
            if cur <= random < nxt:
                if self.stock[j] <= 0:
                    return "none"
                self.stock[j] -= 1
                if sum(self.stock) == 0:
                    self.stock = [stock for _, _, stock in self.GOODS]
                return name
            cur = nxt
        return "none"


class KristoferMem:
    """kristofer-astro/Mem pull(): `five_chance = 6 if curr_five_pity < 74 else ((curr_five_pity - 73) * 62.5)`
    per mille, `random.randint(1, 1000) <= five_chance`; a five-star sets the counter to 1
    (`post_five_pity = 1`) where the counter starts at 0, so every cycle after the first runs one draw
    ahead; the 50/50 is `random.randint(1, 100) < 51`, guaranteed after a lost one. Four- and three-stars
    are pooled as 'other': their draw and their own pity come after the five-star's and never change it."""

    def __init__(self):
        self.curr_five_pity, self.is_five_guaranteed = 0, False

    def clone(self):
        other = KristoferMem()
        other.curr_five_pity, other.is_five_guaranteed = self.curr_five_pity, self.is_five_guaranteed
        return other

    def draw(self, u):
        stream = Stream(u)
        c = self.curr_five_pity
        five_chance = 6 if c < 74 else ((c - 73) * 62.5)
        roll = stream.below(1000) + 1
        if roll <= five_chance:
            self.curr_five_pity = 1
            if self.is_five_guaranteed:
                self.is_five_guaranteed = False
                return "featured"
            # The 50/50 on the part of U below this five-star's own roll value.
            if stream.below(100) + 1 < 51:
                self.is_five_guaranteed = False
                return "featured"
            self.is_five_guaranteed = True
            return "standard"
        self.curr_five_pity += 1
        return "other"


MEMORY_GAMES = {
    "traveling-lumine-wish": lambda twin: WishSim(planted=twin == "--planted"),
    "midori-gacha-system": lambda twin: MidoriGachaSystem(),
    "mikah13-no-repeat": lambda twin: Mikah13NoRepeat(regression=twin == "--regression"),
    "hanswillem-pick-random": lambda twin: HanswillemPickRandom(),
    "daredev256-diverse-pick": lambda twin: DiversePick(planted=twin == "--planted"),
    "mt-jin-lucky-draw": lambda twin: LuckyDraw(),
    "aaartyomsss-shuffle-bag": lambda twin: ShuffleBag(),
    "pietergmail-seven-bag": lambda twin: SevenBagLocal(),
    "ruleta-prize-wheel": lambda twin: RuletaPrizeWheel(old=twin == "--old"),
    "node-luck": lambda twin: NodeLuck(),
    "kristofer-mem": lambda twin: KristoferMem(),
}
